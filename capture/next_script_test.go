package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
	"carnet/memstore"
)

// A closing text in Chinese that ends with "only 2 things left:" and a numbered list
// announces those two things as next steps, like "Remaining:" would.
func TestNextStepsLeadInOtherScript(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("還差什麼？")
	b.Say("m1", "只剩 2 件事(都我做):\n\n1. 更新 `NOTES.md` — 填入網址\n2. 重新產生報表\n\n就完成了。要我現在做嗎?")
	e := extractEN(t, b, "/home/dev/proj")
	for _, want := range []string{"更新 `NOTES.md` — 填入網址", "重新產生報表"} {
		if !slices.ContainsFunc(e.Next, func(n string) bool { return strings.Contains(n, want) }) {
			t.Errorf("next = %q, want %q in it", e.Next, want)
		}
	}
}

// The user's own steps under a lead-in that names what is left ("only one thing left:
// deploy by hand:") are a procedure, and a lead-in without a "left/next" word ("please
// check again:") announces no next step.
func TestNextStepsLeadInOtherScriptNotSteps(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("我現在要做什麼？")
	b.Say("m1", "只剩一件事:**手動部署**:\n\n1. 開設定頁\n2. 登入\n3. 按部署\n\n請再確認一次:\n\n1. 打開設定\n2. 存檔\n")
	e := extractEN(t, b, "/home/dev/proj")
	for _, n := range e.Next {
		for _, bad := range []string{"開設定頁", "登入", "按部署", "打開設定", "存檔"} {
			if strings.Contains(n, bad) {
				t.Errorf("next = %q, want no user step %q", e.Next, bad)
			}
		}
	}
}

// The files a turn edited are evidence, by base name, for the to-dos that ask to update them.
func TestEvidenceNamesEditedFiles(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("要")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/docs/NOTES.md", "old_string": "a", "new_string": "b"})
	b.Result("e1", "The file has been updated successfully.", false)
	b.Say("m2", "完成。")
	ev := Evidence(read(t, b.Write(t), transcript.ReadOptions{}))
	if !slices.Contains(ev, memstore.EditedPrefix+"NOTES.md") {
		t.Errorf("evidence = %q, want the edit of NOTES.md", ev)
	}
}
