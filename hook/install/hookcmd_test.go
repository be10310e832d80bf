package install

import "testing"

// A hook command runs carnet's hook whatever its path (quoted, with spaces, Windows'),
// flags or wrapper; a command that only names carnet does not.
func TestIsCarnetHook(t *testing.T) {
	t.Parallel()
	for cmd, want := range map[string]bool{
		"carnet --hook":                             true,
		"/opt/bin/carnet --root /x --hook":          true,
		`"/Users/me/My Tools/carnet" --hook`:        true,
		`C:\Users\me\bin\carnet.exe --hook`:         true,
		`env CARNET_DEBUG=1 carnet --hook`:          true,
		"carnet load":                               false,
		"echo carnet --hook":                        false,
		"other-tool --hook && carnet load":          false,
		`"/Users/me/My Tools/carnet-helper" --hook`: false,
	} {
		if got := isCarnetHook(cmd); got != want {
			t.Errorf("isCarnetHook(%q) = %v, want %v", cmd, got, want)
		}
	}
}
