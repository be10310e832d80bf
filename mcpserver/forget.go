package mcpserver

import (
	"errors"
	"fmt"
	"strings"

	"carnet/memstore"
)

// ForgetIn is the input of memory_forget.
type ForgetIn struct {
	PathIn
	Bullet  string `json:"bullet" jsonschema:"its text"`
	Section string `json:"section,omitempty" jsonschema:"its heading"`
}

// ForgetOut is what memory_forget returns.
type ForgetOut struct {
	Path    string   `json:"path"`
	Section string   `json:"section"`
	Removed []string `json:"removed" jsonschema:"the lines removed, exactly as they were"`
	Committed
}

func (c *call) forget(in ForgetIn) (string, ForgetOut, error) {
	out := ForgetOut{Removed: []string{}}
	f, err := c.resolve(in.Path)
	if err != nil {
		return "", out, err
	}
	out.Path = f.rel
	query := strings.TrimSpace(in.Bullet)
	for _, m := range []string{"- ", "* ", "+ "} {
		query = strings.TrimSpace(strings.TrimPrefix(query, m))
	}
	if query == "" {
		return "", out, fail(resInvalid, "refused: say which bullet to forget (its text)")
	}
	c.s.writeMu.Lock()
	defer c.s.writeMu.Unlock()
	if _, err := c.readMem(f); err != nil {
		return "", out, err
	}
	what := "memory_forget: 1 bullet from " + f.rel
	gone, written, err := c.p.ForgetBullet(c.change(what), f.path, query, in.Section, func(data []byte) error {
		if c.hidden(data) {
			return c.notFound(f.rel)
		}
		return nil
	})
	if pe, ok := errors.AsType[*memstore.PickError](err); ok {
		code := resNotFound
		if pe.Ambiguous {
			code = resAmbiguous
		}
		err = fail(code, "%s", pe.Msg)
	}
	if err != nil {
		return "", out, asToolError(err)
	}
	out.Section, out.Removed = gone.Section, gone.Lines
	for _, l := range out.Removed {
		c.size += len(l) + 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Removed from %s [%s] (git history keeps it; carnet forget --purge rewrites it out):\n", f.rel, out.Section)
	for _, l := range out.Removed {
		b.WriteString(l + "\n")
	}
	out.Committed = c.committed(written)
	out.writeLine(&b)
	return b.String(), out, nil
}
