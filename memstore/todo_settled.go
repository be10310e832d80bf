package memstore

import "slices"

// dropSettled removes from their list the open to-dos of the recent logs that a settled
// finding of the exchange makes moot ("found NO unwrap() in production code" for "Replace
// the unwrap() calls"), except those the same exchange opened (fresh). They are not ticked:
// nothing was done.
func (tx *Tx) dropSettled(settled, fresh []string, res *MergeResult) error {
	if len(settled) == 0 {
		return nil
	}
	items, err := tx.openItems(shownLogs)
	if err != nil {
		return err
	}
	for _, it := range items {
		if slices.ContainsFunc(fresh, func(f string) bool { return Similar(f, it.Text) }) || !ShownDone(it.Text, settled) {
			continue
		}
		if err := tx.dropItem(it); err != nil {
			return err
		}
		res.Dropped = append(res.Dropped, Item{Key: KeyNext, Text: it.Text, Path: it.Path})
	}
	return nil
}

// dropItem removes one open item from the À suivre section of its own log.
func (tx *Tx) dropItem(it OpenItem) error {
	d, err := tx.Doc(it.Path)
	if err != nil {
		return err
	}
	if s, b, ok := nextBullet(d, it.Text); ok {
		d.RemoveBullet(s, b)
	}
	return nil
}
