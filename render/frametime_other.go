//go:build !linux

package render

import "time"

// threadCPU is not measured here: frame timing shows wall time only.
func threadCPU() time.Duration { return 0 }
