//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package fileio

import (
	"errors"
	"os"
	"syscall"
)

// haveLocks: this system has flock(2), an advisory lock that the kernel
// drops when its holder exits, however it exits.
const haveLocks = true

// tryLock takes an exclusive lock on f without waiting: false when another
// open file holds one.
func tryLock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		}
		return false, err
	}
}
