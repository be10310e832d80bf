package promote

import (
	"context"
	"strings"

	"carnet/memstore"
	refs "carnet/memstore/stale"
)

// goneFacts are the candidates for long memory whose references are all gone from the code
// (see memstore/stale): a fact about a deleted file or a removed name is not made durable.
// Each is keyed by date and text, with what became of its references. Outside a git
// repository, or without git, nothing is left out.
func goneFacts(p *memstore.Project, sources []logDoc, cands []Item) map[string]string {
	if len(cands) == 0 {
		return nil
	}
	c, err := refs.New(p)
	if err != nil {
		return nil
	}
	path := map[string]string{}
	for _, ld := range sources {
		path[ld.lf.Date] = ld.lf.Path
	}
	bullets := make([]refs.Bullet, len(cands))
	for i, cd := range cands {
		bullets[i] = refs.Bullet{Path: path[cd.Date], Date: cd.Date, Text: cd.Text}
	}
	rep, err := c.Check(context.Background(), bullets)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, res := range rep.Results {
		if res.AllGone() {
			var why []string
			for _, v := range res.Gone() {
				why = append(why, v.String())
			}
			out[res.Bullet.Date+"\x00"+res.Bullet.Text] = strings.Join(why, "; ")
		}
	}
	return out
}
