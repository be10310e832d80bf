//go:build linux

package agentstest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"syscall"
	"unsafe"
)

// Port is the model server's port on 127.0.0.1 inside the sandbox: each sandbox has a
// network namespace of its own, so every run uses the same one.
const Port = 8788

// SandboxMain runs inside a loopback-only network namespace (`unshare -n`): it brings lo up,
// serves Scripts[script] on 127.0.0.1:Port, runs the agent's command line in repo, then writes
// the requests the server received to requestsFile as JSON. args: script repo requestsFile
// command… It returns the command's exit status.
func SandboxMain(args []string) int {
	if len(args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: script repo requests.json command…")
		return 2
	}
	script, ok := Scripts[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown script %q\n", args[0])
		return 2
	}
	srv := &Server{Script: script, Repo: args[1]}
	code, err := sandboxRun(srv, args[1], args[3:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandbox:", err)
	}
	data, _ := json.Marshal(srv.Requests())
	if werr := os.WriteFile(args[2], data, 0o644); werr != nil {
		fmt.Fprintln(os.Stderr, "sandbox:", werr)
	}
	return code
}

func sandboxRun(srv *Server, dir string, argv []string) (int, error) {
	if err := loopbackUp(); err != nil {
		return 1, fmt.Errorf("bringing lo up: %w", err)
	}
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", Port))
	if err != nil {
		return 1, err
	}
	go func() { _ = http.Serve(ln, srv) }()
	defer ln.Close()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stdin = nil
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	err = cmd.Run()
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		return ee.ExitCode(), nil
	}
	if err != nil {
		return 1, err
	}
	return 0, nil
}

// loopbackUp sets the flags IFF_UP and IFF_RUNNING on lo (a new network namespace has it down).
func loopbackUp() error {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM, 0)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	var ifr struct {
		name  [16]byte
		flags uint16
		_     [22]byte
	}
	copy(ifr.name[:], "lo")
	ifr.flags = syscall.IFF_UP | syscall.IFF_RUNNING
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCSIFFLAGS, uintptr(unsafe.Pointer(&ifr))); errno != 0 {
		return errno
	}
	return nil
}
