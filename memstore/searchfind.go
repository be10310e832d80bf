package memstore

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"slices"
	"sync/atomic"
	"time"
)

// Find ranks the lines of every project's memory (long memory, logs, archives, notes) that
// hold all the query's words, case and accents ignored (œ is oe, ß is ss), each word found
// at the start of a word of the line, so "config" finds "configuration" but "port" not
// "support". Lines are ranked by BM25 over the lines of the files read, times a recency
// factor and the importance a bullet's suffix gives ("!7"); bullets a supersede struck are
// left out.
//
// Each project's search index (see searchIndexFile) spares reading the files it covers
// unchanged (one stat each says so) that cannot hold a hit; the others are read on every
// core, folded once each and scanned, and the index is rewritten when it missed files. The
// answer is the one reading every file gives.
func (w *Workspace) Find(q Query) (Results, error) {
	terms := queryTerms(q.Text)
	if len(terms) == 0 {
		return Results{}, nil
	}
	start := time.Now()
	wt, gen, again := q.watcherFor(w.Root)
	plans := make([]*indexPlan, len(w.Projects))
	errs := make([]error, len(w.Projects))
	parallel(len(plans), func() func(int) {
		return func(i int) {
			if i >= 0 {
				plans[i], errs[i] = planProject(w.Projects[i], start, wt, gen)
			}
		}
	})
	if err := errors.Join(errs...); err != nil {
		return Results{}, err
	}
	scans := make([]fileScan, 0, len(plans)) // one per project for the files its index answers for
	for _, pl := range plans {
		scans = append(scans, pl.plan(terms, q, start))
	}
	scans = scanAll(plans, scans, terms, q.skip(), start, again, !q.Once)
	for _, pl := range plans {
		pl.save()
	}
	return rank(scans, terms, q), nil
}

// skip is the filter a file read goes through: Skip, and IsSensitive with SkipSensitive.
func (q Query) skip() func([]byte) bool {
	switch {
	case !q.SkipSensitive:
		return q.Skip
	case q.Skip == nil:
		return IsSensitive
	}
	return func(data []byte) bool { return IsSensitive(data) || q.Skip(data) }
}

type searchJob struct {
	p    *Project
	path string
	date string     // the log's date, or ""
	plan *indexPlan // nil outside Find
	key  fileKey    // from the listing's lstat, before the file is read
	seen bool       // the lstat found a regular file
	live bool       // to be read
	// indexAs is the file's number in the project's new index, where its words go once
	// read; -1 when it is not indexed this time.
	indexAs int
	// df is, when the index knows them for this file, how many of its lines hold each term
	// (each term is then the start of one word of the file); nil otherwise. lines and size
	// are then the file's line count and folded size, from the index too.
	df          []int
	lines, size int
}

// fileScan is what one file holds for a query: its size in lines and bytes, how many of its
// lines hold each term, and its candidate hits.
type fileScan struct {
	job   searchJob
	lines int
	bytes int
	df    []int
	hits  []scanHit
	texts bool // the hits' texts are set (scanRaw)
}

type scanHit struct {
	line    int // 0-based
	tf      []int
	len     int
	text    string // the line, trimmed (see resolve)
	section string // the heading of the "## " section holding it, or ""
}

// planProject lists the project's files, each with its key from the listing's lstat (the
// one stat a search costs per file), and reads its index; or takes both from the watcher wt
// when it vouches for them at generation gen.
func planProject(p *Project, start time.Time, wt *searchWatcher, gen uint64) (*indexPlan, error) {
	pl := &indexPlan{p: p, wt: wt}
	files, x, ok := wt.listing(p, gen)
	if !ok {
		var err error
		if files, x, err = listProject(p, start, wt, gen); err != nil {
			return nil, err
		}
	}
	pl.old = x
	pl.jobs = make([]searchJob, len(files))
	pl.entries = make([]int32, len(files))
	next := 0 // the index lists its files in the listing's order, but for those added since
	for i, lf := range files {
		key, seen := keyOf(lf.info)
		pl.jobs[i] = searchJob{p: p, path: lf.path, date: lf.date, plan: pl, key: key, seen: seen}
		e := x.entry(lf.path, next)
		if e >= 0 {
			next = e + 1
			if !seen || x.files[e].key != key {
				e = -1
			}
		}
		pl.entries[i] = int32(e)
	}
	return pl, nil
}

// entry is the number of the file path in the index, -1 when it has none; guess, the number
// the file likely has, spares hashing its path.
func (x *searchIndex) entry(path string, guess int) int {
	if x == nil {
		return -1
	}
	if guess < len(x.files) && x.files[guess].path == path {
		return guess
	}
	if i, ok := x.byPath[path]; ok {
		return i
	}
	return -1
}

// projectsListed counts the projects a search listed (tests tell by it whether the watcher
// spared a listing).
var projectsListed atomic.Int64

// listProject lists the project's files and reads its index, after watching its folders when
// there is a watcher; the watcher keeps them when it watches the project whole.
func listProject(p *Project, start time.Time, wt *searchWatcher, gen uint64) ([]listedFile, *searchIndex, error) {
	projectsListed.Add(1)
	watched := wt.watch(p)
	f, err := p.openFolder(false)
	if err != nil {
		if err = skipLinkOrMissing(p, err); err == nil && watched {
			wt.keep(p, gen, nil, nil)
		}
		return nil, nil, err
	}
	defer f.Close()
	files, err := f.listFiles()
	if err != nil {
		return nil, nil, err
	}
	x := f.loadSearchIndex(start)
	if watched {
		wt.keep(p, gen, files, x)
	}
	return files, x, nil
}

// scanAll reads and scans the live files on every core, and gives the words of those to
// index to their project's new index; each worker keeps the folders it reads open, so that
// a file costs one check for links and one open. A file's hits get their text and section
// there and then, so that nothing of the file needs keeping. With cache, the files read are
// kept in the cache when they hold hits, all of them with keepAll. It returns scans with the
// scans of the live files after.
func scanAll(plans []*indexPlan, scans []fileScan, terms [][]byte, skip func([]byte) bool, start time.Time, keepAll, cache bool) []fileScan {
	n := 0
	for _, pl := range plans {
		n += pl.live
	}
	live := make([]*searchJob, 0, n)
	for _, pl := range plans {
		for j := range pl.jobs {
			if pl.jobs[j].live {
				live = append(live, &pl.jobs[j])
			}
		}
	}
	base := len(scans)
	scans = slices.Grow(scans, len(live))[:base+len(live)]
	parallel(len(live), func() func(int) {
		r := newDirReaders()
		var folded []byte
		var bufs scanBufs
		var words wordCounter
		return func(k int) {
			if k < 0 {
				r.close()
				return
			}
			job := *live[k]
			s := &scans[base+k]
			*s = fileScan{job: job}
			if doc, cf, ok := cachedRead(job); ok && job.indexAs < 0 {
				if skip == nil || !skip(doc.data) {
					s.scan(cf, terms, job.df)
					s.resolve(doc.data)
				}
				return
			}
			data, err := r.read(job)
			if err != nil {
				return
			}
			skipped := skip != nil && skip(data)
			if skipped && job.indexAs < 0 {
				return
			}
			// the index knows the file and nothing of it is kept: no need to fold it whole
			if !skipped && job.df != nil && job.indexAs < 0 && !cache && s.scanRaw(data, terms, job.df, job.lines, job.size, &bufs) {
				s.resolve(data)
				return
			}
			folded = foldInto(folded[:0], data)
			if !skipped {
				s.scan(folded, terms, job.df)
				s.resolve(data)
			}
			if cache && (len(s.hits) > 0 || keepAll) && cacheable(job, start, len(data)) {
				cacheRead(job, &fileDoc{data: bytes.Clone(data)}, bytes.Clone(folded), start)
			}
			if job.indexAs >= 0 {
				words.count(folded)
				job.plan.build.add(job.indexAs, folded, IsSensitive(data), &words)
			}
		}
	})
	return scans
}

// indexPlan is what Find does with one project's index.
type indexPlan struct {
	p       *Project
	jobs    []searchJob // the project's files
	entries []int32     // for each job, its file's number in old when its key is the one there, else -1
	live    int         // the jobs to read
	old     *searchIndex
	build   *indexBuilder // the index to write, nil when the old one stays
	wt      *searchWatcher
}

// plan decides, for each of the project's files, whether the index answers for it or it is
// read, and which files the new index gets, if one is to be written. It returns what the
// files the index answers for give the ranking (lines, bytes, lines holding each term, and
// the newest date), summed in one scan: they hold no hit.
func (pl *indexPlan) plan(terms [][]byte, q Query, start time.Time) fileScan {
	x := pl.old
	stats := x.lookupAll(terms)
	if stats == nil {
		x = nil
	}
	entries := pl.assign(x, start)
	if pl.build != nil && x != nil && !pl.build.keep(x, entries) {
		x, stats = nil, nil // a malformed index answers for nothing: every file is read again
		pl.assign(nil, start)
	}
	sum := fileScan{df: make([]int, len(terms))}
	for j := range pl.jobs {
		e := -1
		if x != nil {
			e = int(pl.entries[j])
		}
		job := &pl.jobs[j]
		if job.live = e < 0 || sum.fromIndex(job.date, x.files[e], e, stats, q); job.live {
			pl.live++
			if e >= 0 {
				if job.df = knownLines(stats, e); job.df != nil {
					job.lines, job.size = x.files[e].lines, x.files[e].bytes
				}
			}
		}
	}
	return sum
}

// assign numbers the files of the project's new index: those x has unchanged, in their
// order among the files, then those to read and index, and makes pl.build when the index
// changes. It returns, for each of x's files, its number in the new index or -1.
func (pl *indexPlan) assign(x *searchIndex, start time.Time) []int {
	if pl.unchanged(x, start) {
		pl.build = nil
		return nil
	}
	var to []int
	if x != nil {
		to = make([]int, len(x.files))
		for i := range to {
			to[i] = -1
		}
	}
	var files []indexFile
	kept, changed := 0, x == nil && len(pl.jobs) > 0
	for j := range pl.jobs {
		job := &pl.jobs[j]
		job.indexAs = -1
		if i := pl.entries[j]; x != nil && i >= 0 {
			to[i] = len(files)
			files = append(files, x.files[i])
			kept++
			continue
		}
		if job.seen && !racy(job.key, start) {
			job.indexAs = len(files)
			files = append(files, indexFile{path: job.path, key: job.key})
			changed = true
		}
	}
	if x != nil && kept != len(x.files) {
		changed = true
	}
	pl.build = nil
	if changed {
		pl.build = newIndexBuilder(files, kept)
	}
	return to
}

// unchanged reports whether x answers for every file of the project that can be indexed now
// and holds no other, so that no new index is to be written (the common case, checked
// without building one); it sets every job's indexAs to -1.
func (pl *indexPlan) unchanged(x *searchIndex, start time.Time) bool {
	if x == nil {
		return false
	}
	kept := 0
	for j := range pl.jobs {
		job := &pl.jobs[j]
		job.indexAs = -1
		if !job.seen {
			continue
		}
		if pl.entries[j] >= 0 {
			kept++
		} else if !racy(job.key, start) {
			return false
		}
	}
	return kept == len(x.files)
}

// fromIndex adds to s what a file the index answers for gives the ranking, and reports
// whether the file is to be read instead: when the file may hold a hit or a query word
// matches several of its words (the index cannot count the lines holding either).
func (s *fileScan) fromIndex(date string, f indexFile, e int, stats []termStats, q Query) bool {
	if q.Skip != nil {
		return true
	}
	if date > s.job.date {
		s.job.date = date
	}
	if q.SkipSensitive && f.sensitive {
		return false
	}
	all := true
	for _, st := range stats {
		switch st.words[e] {
		case 0:
			all = false
		case 1:
		default:
			return true
		}
	}
	if all {
		return true
	}
	s.lines += f.lines
	s.bytes += f.bytes
	for i, st := range stats {
		if st.words[e] == 1 {
			s.df[i] += st.lines[e]
		}
	}
	return false
}

// knownLines is how many lines of the index's file e hold each term, when the index can
// say: each term starts one word of the file, no more (a term starting two words, the
// index cannot count the lines holding either); nil otherwise.
func knownLines(stats []termStats, e int) []int {
	df := make([]int, len(stats))
	for i, st := range stats {
		if st.words[e] != 1 {
			return nil
		}
		df[i] = st.lines[e]
	}
	return df
}

// racyMargin is how recent a file's times may be for its entry to be written: more than the
// clock tick file times are taken from, so that a change after the stat the entry comes from
// gives the file other times.
const racyMargin = 50 * time.Millisecond

// racy reports whether a file's times are too close to the search's start to trust its key
// later. Times without nanoseconds come from a file system that keeps seconds (or two): the
// margin is then two seconds.
func racy(k fileKey, start time.Time) bool {
	margin := racyMargin
	if k.mtime%1e9 == 0 && k.ctime%1e9 == 0 {
		margin = 2 * time.Second
	}
	limit := start.Add(-margin).UnixNano()
	return k.mtime >= limit || k.ctime >= limit
}

// save writes the project's new index, when there is one. A failure leaves the old one,
// which every search checks file by file anyway.
func (pl *indexPlan) save() {
	if pl.build == nil {
		return
	}
	data := pl.build.encode(pl.p.RelDir)
	if pl.wt != nil {
		pl.wt.keepIndex(pl.p, parseSearchIndex(data, pl.p.RelDir))
	}
	err := pl.p.WriteState(searchIndexFile, data)
	if le, ok := errors.AsType[*LinkError](err); ok {
		pl.p.noteLink(le.Path)
	}
}

// dirReaders are the memory folders, and their folders, a search worker has opened.
type dirReaders struct {
	folders map[*Project]*folder
	dirs    map[string]*listedDir
	buf     []byte // the last file read, reused for the next
}

func newDirReaders() *dirReaders {
	return &dirReaders{folders: map[*Project]*folder{}, dirs: map[string]*listedDir{}}
}

// dir is the folder of job's file, opened once; nil when it cannot be.
func (r *dirReaders) dir(job searchJob) *listedDir {
	f, ok := r.folders[job.p]
	if !ok {
		f, _ = job.p.openFolder(false) // nil: the folder went away since it was listed
		r.folders[job.p] = f
	}
	if f == nil {
		return nil
	}
	dir := path.Dir(job.path)
	d, ok := r.dirs[dir]
	if !ok {
		d, _ = f.openListed(dir)
		r.dirs[dir] = d
	}
	return d
}

func (r *dirReaders) read(job searchJob) ([]byte, error) {
	d := r.dir(job)
	if d == nil {
		return nil, fs.ErrNotExist
	}
	filesRead.Add(1)
	data, err := readListed(d, path.Base(job.path), r.buf)
	if err == nil {
		r.buf = data
	}
	return data, err
}
