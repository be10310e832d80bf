package memstore

// askedGoal gives the goals of e, none when they are a question the exchange only answered
// (see Extraction.Asked) and the day's log has a goal already.
func (tx *Tx) askedGoal(date string, e Extraction) ([]string, error) {
	if !e.Asked || len(e.Goal) == 0 {
		return e.Goal, nil
	}
	d, err := tx.Doc(tx.p.LogPath(date))
	if err != nil {
		return nil, err
	}
	for _, b := range d.AllBullets() {
		if b.Section.Key == KeyGoal {
			return nil, nil
		}
	}
	return e.Goal, nil
}
