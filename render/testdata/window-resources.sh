#!/bin/bash
# window-resources.sh KHAMSIN: the window's CPU and resident memory (issue 18,
# "Resources"; docs/performance.md, "Issue 18: idle window"). Real windows
# under a private Xvfb, driven by xdotool; `make window-resources` builds the
# binary and runs this. Prints one line per figure:
#   idle game     an untouched game screen (dawn, both sides, 1280×800):
#                 CPU over 20 s and RSS
#   replay        a whole game played by the computer on both sides
#                 (khamsin sim), opened on its end screen, its replay
#                 started with W: peak RSS while it runs (90 s), CPU over
#                 that time, then the idle CPU once it has finished
#   viewer        the map viewer zoomed in and out four times: peak RSS,
#                 then its idle CPU
# CPU is a share of one core (100 % = one core busy); figures are noisy on
# a shared machine. Goals: idle ≤ 3 %, RSS ≤ 400 MB throughout.
set -u
KH=$(realpath "${1:?usage: window-resources.sh KHAMSIN-BINARY}")
for t in Xvfb xdotool; do command -v $t >/dev/null || { echo "$t is needed (apt-get install xvfb xdotool)"; exit 1; }; done
T=$(mktemp -d); mkdir -p "$T/home" "$T/run"; cd "$T/run" || exit 1
export KHAMSIN_MUTE=1 HOME=$T/home XDG_CONFIG_HOME=$T/home/.config XDG_DATA_HOME=$T/home/.local/share
D=:$((110 + RANDOM % 50)); Xvfb $D -screen 0 1600x1000x24 >/dev/null 2>&1 & XP=$!; sleep 2; export DISPLAY=$D
KP=
cleanup() { [[ -n $KP ]] && kill $KP 2>/dev/null; kill $XP 2>/dev/null; rm -rf "$T"; }; trap cleanup EXIT
HZ=$(getconf CLK_TCK)
rss() { awk '/VmRSS/{print int($2/1024)}' /proc/$1/status 2>/dev/null; }
ticks() { awk '{print $14+$15}' /proc/$1/stat 2>/dev/null; }
cpu_over() { local p=$1 s=$2 a b; a=$(ticks $p); sleep $s; b=$(ticks $p); echo $(( (b - a) * 100 / (s * HZ) )); }
maxrss=0; watch_rss() { local r; r=$(rss $1); [[ -n $r ]] && ((r > maxrss)) && maxrss=$r; }
stop() { kill $KP 2>/dev/null; wait $KP 2>/dev/null; KP=; }
window() { local w; for _ in $(seq 1 30); do w=$(xdotool search --pid $1 2>/dev/null | head -1); [[ -n $w ]] && { echo $w; return; }; sleep 1; done; }

# 1. an idle game screen
"$KH" play --scenario dawn --mode both --window 1280x800 >/dev/null 2>&1 & KP=$!; sleep 25
c=$(cpu_over $KP 20); r=$(rss $KP); stop
echo "idle game:  ${c} % CPU over 20 s, ${r} MB"

# 2. a whole game's replay from the end screen
"$KH" sim --scenario dust --seed 3 --allies ai --axis ai --save "$T/run/end.save" >/dev/null 2>&1 || { echo "khamsin sim failed"; exit 1; }
maxrss=0; "$KH" play --load "$T/run/end.save" --window 1280x800 >/dev/null 2>&1 & KP=$!; sleep 20
W=$(window $KP); watch_rss $KP; start=$maxrss
[[ -n $W ]] && xdotool key --window "$W" w
a=$(ticks $KP); for _ in $(seq 1 90); do sleep 1; watch_rss $KP; done; b=$(ticks $KP)
c=$(cpu_over $KP 20); stop
echo "replay:     ${start} MB on the end screen, peak ${maxrss} MB; $(( (b - a) * 100 / (90 * HZ) )) % CPU while it ran (90 s), then ${c} % idle"

# 3. the viewer after zooming about
maxrss=0; "$KH" view --window 1280x800 >/dev/null 2>&1 & KP=$!; sleep 20
W=$(window $KP)
for _ in 1 2 3 4; do
	for k in plus plus plus plus plus plus Right Right Down minus minus minus minus minus minus Left Up; do
		[[ -n $W ]] && xdotool key --window "$W" $k; sleep 0.3; watch_rss $KP
	done
done
sleep 5; watch_rss $KP; c=$(cpu_over $KP 20); stop
echo "viewer:     peak ${maxrss} MB while zooming, then ${c} % CPU idle"
