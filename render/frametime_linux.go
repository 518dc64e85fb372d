package render

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPU is CLOCK_THREAD_CPUTIME_ID: the calling thread's CPU
// time, to the nanosecond (getrusage counts in scheduler ticks).
const clockThreadCPU = 3

// threadCPU is the CPU time the calling OS thread has used (Ebitengine
// calls Update and Draw on one locked thread).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPU, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
