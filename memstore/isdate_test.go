package memstore

import (
	"fmt"
	"testing"
	"time"
)

// IsDate says what time.Parse says of every day, month and year shape.
func TestIsDateAsTimeParse(t *testing.T) {
	t.Parallel()
	for _, y := range []int{0, 1, 4, 100, 1900, 1999, 2000, 2023, 2024, 2025, 2100, 2400, 9999} {
		for m := range 14 {
			for day := range 33 {
				s := fmt.Sprintf("%04d-%02d-%02d", y, m, day)
				_, err := time.Parse("2006-01-02", s)
				if got := IsDate(s); got != (err == nil) {
					t.Errorf("IsDate(%q) = %v, time.Parse: %v", s, got, err)
				}
			}
		}
	}
	for _, s := range []string{"", "2024-1-01", "2024-01-1x", "2024/01/01", "02024-01-01", "+024-01-01", "2024-01-01 "} {
		if IsDate(s) {
			t.Errorf("IsDate(%q)", s)
		}
	}
}
