package ai

import (
	"syscall"
	"unsafe"
)

// threadCPU is the CPU time the calling OS thread has used, in
// nanoseconds, for timing decisions on a shared machine where wall time
// measures the load more than the work (lock the goroutine to its
// thread). CLOCK_THREAD_CPUTIME_ID is exact; getrusage counts in ticks
// here, too coarse for a decision under a millisecond.
func threadCPU() int64 {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
