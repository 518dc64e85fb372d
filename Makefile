# Khamsin: two commands on a fresh machine (README.md).
#   make run   sets up, builds and opens the game (headless: PNG + screenshot)
#   make test  sets up, vets and runs every test (window tests under Xvfb)
#   make dist  the binary for Linux, Windows and macOS (amd64, arm64) in dist/

SHELL := /bin/bash
export PATH := $(PATH):/usr/local/go/bin
GO    ?= go
BIN   := bin/khamsin
OUT   := out
SUDO  := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
XVFB  := xvfb-run -a -s "-screen 0 1280x800x24"
# VERSION is what `khamsin version` prints: git describe of the checkout
# ("dev" outside a git checkout); LDFLAGS puts it into main.version.
ifndef VERSION
VERSION := $(or $(shell git describe --tags --always --dirty 2>/dev/null),dev)
endif
LDFLAGS := -X main.version=$(VERSION)

.PHONY: run test deps build dist vet bench fuzz sims ai-proof race eval-train clean

# deps installs what is missing: Go modules, and Debian's xvfb for the window
# tests and headless screenshots (nothing else is needed: Ebitengine v2.10
# builds without cgo headers).
deps:
	@command -v $(GO) >/dev/null || { echo "Go is not installed (need Go 1.26: https://go.dev/dl)"; exit 1; }
	@command -v xvfb-run >/dev/null || { echo "installing xvfb (for window tests)…"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq xvfb xauth >/dev/null; }
	@$(GO) mod download

build: deps
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/khamsin

# dist cross-builds without cgo (CGO_ENABLED=0) for each of PLATFORMS into
# dist/khamsin-VERSION-OS-ARCH (.exe on Windows). No C toolchain or SDK is
# needed: Ebitengine v2.10 and oto v3.5 are pure Go on all six (they load
# the system's graphics and sound libraries at run time); all six were
# built this way on Linux/amd64.
PLATFORMS := linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64
dist:
	@command -v $(GO) >/dev/null || { echo "Go is not installed (need Go 1.26: https://go.dev/dl)"; exit 1; }
	@$(GO) mod download
	@mkdir -p dist
	@set -e; for p in $(PLATFORMS); do \
		os=$${p%/*}; arch=$${p#*/}; ext=; [ "$$os" = windows ] && ext=.exe; \
		out=dist/khamsin-$(VERSION)-$$os-$$arch$$ext; \
		echo "$$out"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $$out ./cmd/khamsin; \
	done

vet: deps
	$(GO) vet ./...
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
		if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi

test: vet
	KHAMSIN_MUTE=1 $(XVFB) $(GO) test -count=1 ./...

# run opens the window; with no display it renders the default map to a PNG,
# runs the window under Xvfb long enough to save a screenshot, and says where.
run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		exec ./$(BIN); \
	else \
		mkdir -p $(OUT); \
		echo "No display here: drawing the default map and a screenshot of the window instead."; \
		./$(BIN) render -o $(OUT)/map.png && \
		$(XVFB) ./$(BIN) menu --screenshot $(OUT)/screenshot.png --frames 90 && \
		echo "map PNG:    $(CURDIR)/$(OUT)/map.png" && \
		echo "screenshot: $(CURDIR)/$(OUT)/screenshot.png"; \
	fi

# sims plays SIM_SEEDS seeded games per shipped scenario with random
# players (make test plays a sample of 12) and prints each scenario's
# results; see docs/performance.md for the last run. The same variable
# scales issue 17's fog harnesses: SIM_SEEDS/20 invariant playouts per
# scenario (make test: 2) and SIM_SEEDS/10 differential runs per scenario
# and side (make test: 1).
SIM_SEEDS ?= 1000
sims: deps
	KHAMSIN_SIM_SEEDS=$(SIM_SEEDS) $(GO) test -count=1 -timeout 0 -run 'TestShippedScenariosPlayToAResult|TestInvariantsRandomPlayouts|TestFogDifferential' -v ./engine/game | grep -E '^(---|ok|FAIL)|seeds|fog_test|invariants_test'

# ai-proof plays AI_SEEDS seeded games per scenario, side and opponent
# for issues 11 and 20's win-rate bars: every level (AI_LEVELS) against
# defer and random, veteran v novice, each AI against itself, expert v
# veteran, the games on every core. Measured on 2 cores at 50 seeds:
# the novice against defer and random 491 s, the expert 592 s; at 100
# reckon on two hours. docs/ai.md has the last figures.
AI_SEEDS ?= 100
AI_LEVELS ?= 1,2,3
ai-proof: deps
	KHAMSIN_AI_SEEDS=$(AI_SEEDS) KHAMSIN_AI_LEVELS=$(AI_LEVELS) $(GO) test -count=1 -timeout 6h -run 'TestProof' -v ./engine/ai

# race runs the solo window script under the race detector with the expert
# as the opponent: the expert thinks on its goroutine while the window
# draws (issue 20, Proof). The race detector needs cgo and a C compiler.
race: deps
	@command -v gcc >/dev/null || { echo "installing gcc (the race detector needs cgo)…"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq gcc libc6-dev >/dev/null; }
	KHAMSIN_MUTE=1 KHAMSIN_SOLO_EXPERT=1 CGO_ENABLED=1 $(XVFB) $(GO) test -race -count=1 -timeout 30m -run 'TestSoloWindowScript' ./cmd/khamsin

bench: deps
	$(GO) test -run '^$$' -bench . -benchtime 2s ./...

# fuzz runs every fuzz target for FUZZTIME each (parsers of boards,
# overlays, labels, layouts, placements, scenarios, paths, MP, climate words).
FUZZTIME ?= 30s
fuzz: deps
	@for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "== $$pkg $$f"; \
			$(GO) test $$pkg -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) || exit 1; \
		done; \
	done

# window-resources measures the window's CPU and resident memory: an idle
# game screen, a whole game's replay from its end screen, the viewer after
# zooming (Xvfb and xdotool; docs/performance.md, "Issue 18: idle window").
window-resources: build
	@command -v xdotool >/dev/null || { echo "installing xdotool…"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq xdotool >/dev/null; }
	render/testdata/window-resources.sh $(BIN)

# eval-train refits the expert's learned evaluation (docs/ai.md, "Expert,
# fourth pass"): the veteran's games at seeds 2000-2159 to fit, 2160-2199
# held out (never the expert check's 701-716), about 15 min of CPU on two
# cores; it writes engine/ai/eval_weights.go and prints the held-out fit.
EVAL_DATA ?= $(OUT)/eval
eval-train: deps
	@mkdir -p $(EVAL_DATA)
	$(GO) run ./cmd/evaltrain record -seeds 2000-2159 -workers 2 -o $(EVAL_DATA)/train.csv
	$(GO) run ./cmd/evaltrain record -seeds 2160-2199 -workers 2 -o $(EVAL_DATA)/test.csv
	$(GO) run ./cmd/evaltrain fit -train $(EVAL_DATA)/train.csv -test $(EVAL_DATA)/test.csv -l2 1 -o engine/ai/eval_weights.go

clean:
	rm -rf bin dist $(OUT)
