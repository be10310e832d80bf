package memstore

import (
	"slices"
	"testing"
)

func TestOverview(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{
		"long_memory.md":              "# Memory\n\n## 2026-01-02\n- a fact",
		"logs/2026-03-01.md":          "# 2026-03-01\n\n## À suivre\n- first open\n- ✅ ticked\n\n## Décisions\n- keep it\n\n## Finalisé\n- ✅ done one\n- ✅ done two\n",
		"logs/2026-03-02.md":          "# 2026-03-02\n\n## Next steps\n- second open\n\n## Notes by hand\n- free text\n",
		"logs/archives/2026-01-10.md": "## À suivre\n- archived open\n",
	})

	o, err := p.Overview(Listing)
	if err != nil {
		t.Fatal(err)
	}
	if !o.HasLongMemory || o.LongLines != 4 || o.LongMemoryErr != nil {
		t.Errorf("long memory: has %v, %d lines, err %v", o.HasLongMemory, o.LongLines, o.LongMemoryErr)
	}
	if len(o.Logs) != 2 || len(o.Archives) != 1 || o.Newest() != "2026-03-02" || !o.Archives[0].Archived {
		t.Fatalf("listing: %+v", o)
	}
	if o.Logs[0].Read || len(o.OpenItems()) != 0 {
		t.Errorf("Listing read the logs: %+v", o.Logs[0])
	}

	o, err = p.Overview(WithLogs)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, it := range o.OpenItems() {
		texts = append(texts, it.Date+" "+it.Text)
	}
	if want := []string{"2026-03-01 first open", "2026-03-02 second open"}; !slices.Equal(texts, want) {
		t.Errorf("open items %q, want %q", texts, want)
	}
	old := o.Logs[1]
	if !old.Read || old.Done != 2 || !old.Filled[KeyNext] || !old.Filled[KeyDecisions] || old.Filled[KeyWork] {
		t.Errorf("log 2026-03-01: %+v", old)
	}
	if !o.Logs[0].Filled[""] {
		t.Errorf("a section of unknown heading with bullets is not marked: %+v", o.Logs[0].Filled)
	}
	if o.Archives[0].Read {
		t.Error("WithLogs read the archives")
	}
	items, err := p.OpenItems()
	if err != nil || len(items) != 2 || items[0] != o.OpenItems()[0] {
		t.Errorf("Project.OpenItems %v (%v) differs from the overview's", items, err)
	}

	o, err = p.Overview(WithArchives)
	if err != nil {
		t.Fatal(err)
	}
	if a := o.Archives[0]; !a.Read || len(a.Open) != 1 || len(o.OpenItems()) != 2 {
		t.Errorf("archives: %+v; open items %v", a, o.OpenItems())
	}
}

func TestOverviewEmptyProject(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	o, err := p.Overview(WithArchives)
	if err != nil {
		t.Fatal(err)
	}
	if o.HasLongMemory || o.LongMemory != nil || o.Newest() != "" || len(o.Logs)+len(o.Archives) != 0 {
		t.Errorf("empty project: %+v", o)
	}
}
