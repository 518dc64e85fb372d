package main

import (
	"os"
	"testing"
)

// needWindow skips a test that opens a real window when there is no
// display (`make test` runs the package under xvfb-run) or in -short mode.
func needWindow(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("no display (DISPLAY unset): `make test` runs this under xvfb-run")
	}
	if testing.Short() {
		t.Skip("opens a window; skipped in -short mode")
	}
}
