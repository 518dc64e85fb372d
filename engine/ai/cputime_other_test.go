//go:build !linux

package ai

// threadCPU is not measured off Linux.
func threadCPU() int64 { return 0 }
