package memstore

import (
	"errors"
	"io/fs"
	"slices"
)

// Depth says how much of a project Overview reads.
type Depth int

const (
	// Dates is Listing without the logs' sizes (LogFile.Size is 0): the folders are listed
	// by name and type, with no stat per file — a project list's counts and dates.
	Dates Depth = iota - 1
	// Listing reads the long memory and the folder listings: counts, dates and sizes.
	Listing
	// WithLogs also reads and parses every daily log (open items, filled sections).
	WithLogs
	// WithArchives also reads and parses every archived log.
	WithArchives
)

// Overview is one project's memory as the screens, the MCP index and the session load show
// it: the long memory, the daily logs and the archives, each log with what it holds, and the
// notes.
type Overview struct {
	Project *Project
	// LongMemory is long_memory.md's content; HasLongMemory is false when there is none, and
	// LongMemoryErr holds a read error other than a missing file.
	LongMemory    []byte
	HasLongMemory bool
	LongMemoryErr error
	LongLines     int
	Logs          []LogSummary // newest first
	Archives      []LogSummary // newest first
	Notes         []Note       // by slug, with their front matter
}

// LogSummary is one daily log (active or archived) and, once read, what it holds.
type LogSummary struct {
	LogFile
	Read   bool            // the file was read (depth reached it and it could be read)
	Data   []byte          // its content, when Read
	Filled map[string]bool // section keys (or "" for unknown headings) holding bullets
	Open   []OpenItem      // open À suivre items, in file order
	Done   int             // bullets of Finalisé
}

// Overview reads the project's memory down to depth. It fails only when a folder cannot
// be listed; a log that cannot be read is listed unread.
func (p *Project) Overview(depth Depth) (*Overview, error) {
	o := &Overview{Project: p}
	data, err := p.ReadFile(p.LongMemoryPath())
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		o.LongMemoryErr = err
	case data != nil:
		o.LongMemory, o.HasLongMemory, o.LongLines = data, true, CountLines(data)
	}
	logs, err := p.listLogs(p.LogsDir(), false, depth > Dates)
	if err != nil {
		return nil, err
	}
	arch, err := p.listLogs(p.ArchivesDir(), true, depth > Dates)
	if err != nil {
		return nil, err
	}
	if o.Notes, err = p.Notes(); err != nil {
		return nil, err
	}
	o.Logs = p.summarize(logs, depth >= WithLogs)
	o.Archives = p.summarize(arch, depth >= WithArchives)
	return o, nil
}

func (p *Project) summarize(logs []LogFile, read bool) []LogSummary {
	out := make([]LogSummary, len(logs))
	for i, lf := range logs {
		out[i].LogFile = lf
		if !read {
			continue
		}
		data, err := p.ReadFile(lf.Path)
		if err != nil {
			continue
		}
		out[i].fill(data)
	}
	return out
}

// fill reads what a log holds from its content.
func (l *LogSummary) fill(data []byte) {
	l.Read, l.Data, l.Filled = true, data, map[string]bool{}
	d := ParseDoc(data)
	for _, s := range d.Sections() {
		bs := d.Bullets(s)
		if len(bs) == 0 {
			continue
		}
		l.Filled[s.Key] = true
		if s.Key == KeyDone {
			l.Done += len(bs)
		}
	}
	l.Open = openItemsOf(d, l.LogFile)
}

// Newest is the date of the newest daily log, or "".
func (o *Overview) Newest() string {
	if len(o.Logs) == 0 {
		return ""
	}
	return o.Logs[0].Date
}

// OpenItems lists the open items of the daily logs read (archives excluded), oldest first.
func (o *Overview) OpenItems() []OpenItem {
	var out []OpenItem
	for _, v := range slices.Backward(o.Logs) {
		out = append(out, v.Open...)
	}
	return out
}
