package main

import "os"

// getenv is os.Getenv; one place to read the environment.
func getenv(k string) string { return os.Getenv(k) }
