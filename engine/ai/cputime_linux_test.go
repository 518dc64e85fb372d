package ai

import "syscall"

// threadCPU is the CPU time the calling OS thread has used (user +
// system), for timing decisions on a shared machine where wall time
// measures the load more than the work (lock the goroutine to its thread).
func threadCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
