package memstore

// CapturedIn reads rel's ledger once and returns a test of whether capture (the hook) wrote a
// bullet text of rel and owns it still: outside a write, for promotion, which proposes capture's
// facts without evidence unticked. A lost ledger owns nothing.
func (p *Project) CapturedIn(rel string) (func(text string) bool, error) {
	owned, err := p.readLedger(rel)
	if err != nil {
		return nil, err
	}
	return func(text string) bool { return owned[bulletHash(text)] }, nil
}
