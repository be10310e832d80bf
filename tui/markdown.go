package tui

import (
	"hash/fnv"
	"strings"
	"sync"

	"charm.land/glamour/v2"
)

// mdRenderer turns Markdown into styled text with glamour. Building a TermRenderer is the
// expensive part and one is not safe for concurrent use, so it keeps one per style and width,
// used under a lock, and caches what it rendered by content, width and style.
type mdRenderer struct {
	mu        sync.Mutex
	renderers map[rendererKey]*glamour.TermRenderer
	cache     map[renderKey]string
	order     []renderKey // oldest first, to bound the cache
}

type rendererKey struct {
	style string
	width int
}

type renderKey struct {
	rendererKey
	sum  uint64
	size int
}

// maxCached bounds the render cache (a few hundred screens of text).
const maxCached = 256

func newMDRenderer() *mdRenderer {
	return &mdRenderer{renderers: map[rendererKey]*glamour.TermRenderer{}, cache: map[renderKey]string{}}
}

func keyOf(data []byte, width int, style string) renderKey {
	h := fnv.New64a()
	h.Write(data)
	return renderKey{rendererKey{style, width}, h.Sum64(), len(data)}
}

// render returns data rendered for width cells in a glamour standard style ("dark", "light",
// "notty"). It blocks while another render runs: call it from a tea.Cmd.
func (r *mdRenderer) render(data []byte, width int, style string) (string, error) {
	k := keyOf(data, width, style)
	r.mu.Lock()
	defer r.mu.Unlock()
	if out, ok := r.cache[k]; ok {
		return out, nil
	}
	tr, ok := r.renderers[k.rendererKey]
	if !ok {
		var err error
		tr, err = glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(max(width-4, 10)))
		if err != nil {
			return "", err
		}
		r.renderers[k.rendererKey] = tr
	}
	out, err := tr.Render(string(data))
	if err != nil {
		return "", err
	}
	out = strings.Trim(out, "\n")
	r.cache[k] = out
	r.order = append(r.order, k)
	if len(r.order) > maxCached {
		delete(r.cache, r.order[0])
		r.order = r.order[1:]
	}
	return out, nil
}
