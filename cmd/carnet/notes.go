package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"carnet/memstore"
)

func init() {
	register(newEditCmd)
	register(newNoteCmd)
}

func newEditCmd(g *globals) *cobra.Command {
	var e memstore.Edit
	c := &cobra.Command{
		Use:   "edit FILE --op OP [--old TEXT] [--new TEXT|-] [--section S] [--count N]",
		Short: "Edit part of a memory file (replace a text, a section, or supersede a bullet)",
		Long: `Edit FILE (relative to the memory folder: long_memory.md, logs/DATE.md, notes/NAME.md),
whatever its size, with one operation:
  replace          --old TEXT found exactly --count times (default 1) becomes --new TEXT
  append, prepend  --new lines go at the end, or the top, of --section (a heading or a key;
                   one neither in the file nor known is refused unless --new-section)
  replace_section  --new lines replace the body of --section
  supersede        the bullet --old designates becomes --new; the old one stays struck under
                   it, dated, out of search and load
--new - reads the new text from stdin. Nothing is written when the edit does not apply or
adds what looks like a secret.`,
		Example: `  carnet edit long_memory.md --op replace --old "port 8080" --new "port 9090"
  carnet edit logs/2026-03-22.md --op append --section decisions --new "- Keep the reader"
  carnet edit long_memory.md --op supersede --old "deploy on friday" --new "Never deploy on friday !8 #deploy"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if e.Op == "" {
				return fmt.Errorf("--op is required (one of %s)", strings.Join(memstore.EditOps(), ", "))
			}
			if err := memstore.CheckEditOp(e.Op); err != nil {
				return err
			}
			if e.New == "-" {
				b, err := io.ReadAll(cmd.InOrStdin())
				if err != nil {
					return fmt.Errorf("reading stdin: %w", err)
				}
				e.New = string(b)
			}
			w, p, err := g.openProject(nil)
			if err != nil {
				return err
			}
			e.Date, e.Lang = memstore.Date(now()), w.Config.Language
			written, err := p.EditFile(cliChange("edit "+args[0]), args[0], e)
			if ee, ok := errors.AsType[*memstore.EditError](err); ok && ee.UnknownSection {
				return fmt.Errorf("%w; --new-section creates it", err)
			}
			if err != nil {
				return err
			}
			if len(written.Changed) == 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "%s unchanged\n", args[0])
				return nil
			}
			fmt.Fprintf(cmd.OutOrStdout(), "edited %s\n", strings.Join(written.Changed, ", "))
			reportCommit(cmd, written)
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&e.Op, "op", "", "operation: "+strings.Join(memstore.EditOps(), ", "))
	f.StringVar(&e.Old, "old", "", "replace: the exact text; supersede: words of the bullet")
	f.StringVar(&e.New, "new", "", "the new text (- reads stdin)")
	f.StringVar(&e.Section, "section", "", "a ## heading or a section key")
	f.BoolVar(&e.NewSection, "new-section", false, "append, prepend: create --section though carnet does not know it")
	f.IntVar(&e.Count, "count", 0, "replace: how many times --old must be found (default 1)")
	return c
}

func newNoteCmd(g *globals) *cobra.Command {
	c := &cobra.Command{
		Use:   "note",
		Short: "Topic notes: memory_sessions/notes/NAME.md, with a front matter",
		Long: `Notes are one Markdown file per person, domain or subject, with a front matter (title,
description, updated, sensitive, tags). The MCP index shows one line per note; [load] notes
in carnet.toml names the notes every session starts with. A sensitive note is hidden from
read-only MCP clients and never loaded.`,
	}
	c.AddCommand(newNoteNewCmd(g), newNoteListCmd(g), newNoteShowCmd(g))
	return c
}

func newNoteNewCmd(g *globals) *cobra.Command {
	var in memstore.NoteInput
	var sensitive bool
	var body string
	c := &cobra.Command{
		Use:   "new TITLE…",
		Short: "Create a note (or update its front matter)",
		Long: `Create notes/NAME.md, NAME made from TITLE (or --name), with its front matter. On a note
that exists, the front matter fields given replace those it has and its text is kept
(unless --body is given). --body - reads the text from stdin.`,
		Example: `  carnet note new Profil --description "Who the user is, how they like to work"
  carnet note new "Client ACME" --tag client --sensitive --body - < acme.md`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			in.Title = strings.Join(strings.Fields(strings.Join(args, " ")), " ")
			slug, _ := cmd.Flags().GetString("name")
			if slug == "" {
				slug = memstore.Slugify(in.Title)
			}
			if !memstore.IsSlug(slug) {
				return fmt.Errorf("%q is not a note name: give --name in lower-case letters, digits and dashes", slug)
			}
			if cmd.Flags().Changed("sensitive") {
				in.Sensitive = &sensitive
			}
			tags, _ := cmd.Flags().GetStringSlice("tag")
			if len(tags) > 0 {
				w, err := memstore.CheckWeight(0, tags)
				if err != nil {
					return err
				}
				in.Tags = w.Tags
			}
			if cmd.Flags().Changed("body") {
				if body == "-" {
					b, err := io.ReadAll(cmd.InOrStdin())
					if err != nil {
						return fmt.Errorf("reading stdin: %w", err)
					}
					body = string(b)
				}
				if strings.TrimSpace(body) != "" {
					body = "\n" + strings.TrimLeft(body, "\n")
					in.Body = &body
				}
			}
			_, p, err := g.openProject(nil)
			if err != nil {
				return err
			}
			created, w, err := p.SaveNote(cliChange(""), slug, in)
			if err != nil {
				if se, ok := errors.AsType[*memstore.SecretError](err); ok {
					return fmt.Errorf("refused: the note holds what looks like a secret (%s); nothing written", se.Reason)
				}
				return err
			}
			verb := "updated"
			if created {
				verb = "created"
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s %s\n", verb, p.NotePath(slug))
			reportCommit(cmd, w)
			return nil
		},
	}
	f := c.Flags()
	f.String("name", "", "the note's file name (default: made from TITLE)")
	f.StringVar(&in.Description, "description", "", "one line: what the note is about (shown in the index)")
	f.StringSlice("tag", nil, "a tag (repeat, or comma-separated)")
	f.BoolVar(&sensitive, "sensitive", false, "hide the note from read-only MCP clients and from load")
	f.StringVar(&body, "body", "", "the note's text (- reads stdin)")
	return c
}

func newNoteListCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the notes: name, updated, description",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, p, err := g.openProject(nil)
			if err != nil {
				return err
			}
			notes, err := p.Notes()
			if err != nil {
				return err
			}
			if len(notes) == 0 {
				fmt.Fprintln(cmd.ErrOrStderr(), "no note yet (carnet note new TITLE)")
			}
			for _, n := range notes {
				line := fmt.Sprintf("%s  %s  %s", n.Slug, n.Meta.Updated, n.Meta.Description)
				if n.Meta.Sensitive {
					line += "  (sensitive)"
				}
				fmt.Fprintln(cmd.OutOrStdout(), termSafe(strings.TrimRight(line, " ")))
			}
			return nil
		},
	}
}

func newNoteShowCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "show NAME",
		Short: "Print a note",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, p, err := g.openProject(nil)
			if err != nil {
				return err
			}
			_, data, err := p.ReadNote(strings.TrimSuffix(args[0], ".md"))
			if err != nil {
				return err
			}
			for line := range strings.Lines(string(data)) {
				fmt.Fprintln(cmd.OutOrStdout(), termSafe(strings.TrimRight(line, "\r\n")))
			}
			return nil
		},
	}
}
