#!/bin/bash
# replay-rss.sh KHAMSIN [SECONDS]: resident memory through a WHOLE end-of-game
# replay (issue 18, "Resources"; docs/performance.md, "Issue 18: idle window").
# The window check (../shared/checks/window, section 3) samples only 90 s; on
# a loaded machine a replay of `sim --scenario dust --seed 3` (236 commands)
# takes 3-7 minutes, so this samples RSS each second for SECONDS (default 480)
# and prints it every 20 s and the peak. Set KHAMSIN_MEMTRACE=1 on a build with
# a trace of its own to see more; none is needed for these figures.
set -u
KH=$(realpath "${1:?usage: replay-rss.sh KHAMSIN-BINARY [SECONDS]}"); S=${2:-480}
for t in Xvfb xdotool; do command -v $t >/dev/null || { echo "$t is needed"; exit 1; }; done
T=$(mktemp -d); mkdir -p "$T/home"; cd "$T" || exit 1
export KHAMSIN_MUTE=1 HOME=$T/home XDG_CONFIG_HOME=$T/home/.config XDG_DATA_HOME=$T/home/.local/share
D=:$((110 + RANDOM % 50)); Xvfb $D -screen 0 1600x1000x24 >/dev/null 2>&1 & XP=$!; sleep 2; export DISPLAY=$D
KP=
cleanup() { [[ -n $KP ]] && kill $KP 2>/dev/null; kill $XP 2>/dev/null; rm -rf "$T"; }; trap cleanup EXIT
rss() { awk '/VmRSS/{print int($2/1024)}' /proc/$1/status 2>/dev/null; }
"$KH" sim --scenario dust --seed 3 --allies ai --axis ai --save "$T/end.save" >/dev/null 2>&1 || { echo "khamsin sim failed"; exit 1; }
echo "$(grep -c . "$T/end.save") save lines"
"$KH" play --load "$T/end.save" --window 1280x800 >/dev/null 2>&1 & KP=$!; sleep 20
W=$(xdotool search --pid $KP 2>/dev/null | head -1)
echo "end screen: $(rss $KP) MB"
[[ -n $W ]] && xdotool key --window "$W" w
peak=0
for i in $(seq 1 "$S"); do
	sleep 1; r=$(rss $KP); [[ -z $r ]] && break
	((r > peak)) && peak=$r
	((i % 20 == 0)) && echo "${i} s: ${r} MB"
done
echo "peak ${peak} MB over ${S} s"
