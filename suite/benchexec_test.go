package suite_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/queenslab/nqueens/encode"
	"github.com/queenslab/nqueens/suite"
)

// TestBenchExecTaskDefinitions: with BenchExec, every file of a suite has
// beside it a task definition in BenchExec's format 2.0 (its
// doc/task-definition-example.yml: format_version the string "2.0",
// input_files the file, properties a list of property_file and a boolean
// expected_verdict, options free), read here as YAML: the file given,
// the property file there and no SV-COMP property, the verdict the
// manifest's answer (true for SAT, false for UNSAT), the file's SHA-256
// among the options; gen --verify holds each to its row, and refuses one
// that was changed.
func TestBenchExecTaskDefinitions(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	ctx := context.Background()
	rows, err := suite.Generate(ctx, dir, suite.Options{Family: "classic", From: 2, To: 6, Formats: []encode.Format{encode.DIMACS, encode.XCC, encode.OPB}, BenchExec: true})
	if err != nil {
		t.Fatal(err)
	}
	prop, err := os.ReadFile(filepath.Join(dir, suite.PropertyFile))
	if err != nil || strings.HasPrefix(string(prop), "CHECK") {
		t.Fatalf("the property file: %v %q", err, prop)
	}
	for _, r := range rows {
		if r.TaskDefinition != r.File+".yml" {
			t.Fatalf("%s: task definition %q", r.File, r.TaskDefinition)
		}
		raw, err := os.ReadFile(filepath.Join(dir, r.TaskDefinition))
		if err != nil {
			t.Fatal(err)
		}
		var def struct {
			FormatVersion any    `yaml:"format_version"`
			InputFiles    string `yaml:"input_files"`
			Properties    []struct {
				PropertyFile    string `yaml:"property_file"`
				ExpectedVerdict *bool  `yaml:"expected_verdict"`
			} `yaml:"properties"`
			Options map[string]map[string]any `yaml:"options"`
		}
		dec := yaml.NewDecoder(strings.NewReader(string(raw)))
		dec.KnownFields(true)
		if err := dec.Decode(&def); err != nil {
			t.Fatalf("%s: %v\n%s", r.TaskDefinition, err, raw)
		}
		if v, ok := def.FormatVersion.(string); !ok || v != "2.0" {
			t.Errorf("%s: format_version %#v, want the string 2.0", r.TaskDefinition, def.FormatVersion)
		}
		if _, err := os.Stat(filepath.Join(dir, def.InputFiles)); err != nil || def.InputFiles != r.File {
			t.Errorf("%s: input_files %q", r.TaskDefinition, def.InputFiles)
		}
		if len(def.Properties) != 1 || def.Properties[0].PropertyFile != suite.PropertyFile {
			t.Fatalf("%s: properties %+v", r.TaskDefinition, def.Properties)
		}
		v := def.Properties[0].ExpectedVerdict
		switch r.Expected {
		case suite.Satisfiable:
			if v == nil || !*v {
				t.Errorf("%s: a SAT instance's verdict %v", r.TaskDefinition, v)
			}
		case suite.Unsatisfiable:
			if v == nil || *v {
				t.Errorf("%s: an UNSAT instance's verdict %v", r.TaskDefinition, v)
			}
		}
		if def.Options["nqueens"]["sha256"] != r.SHA256 || def.Options["nqueens"]["n"] != r.N {
			t.Errorf("%s: options %v", r.TaskDefinition, def.Options)
		}
	}
	if problems, _, err := suite.Verify(ctx, dir, suite.VerifyOptions{}); err != nil || len(problems) > 0 {
		t.Fatalf("verify: %v %v", problems, err)
	}
	// A verdict changed: found.
	f := filepath.Join(dir, rows[0].TaskDefinition)
	raw, _ := os.ReadFile(f)
	os.WriteFile(f, []byte(strings.Replace(string(raw), "expected_verdict: false", "expected_verdict: true", 1)), 0o644)
	if problems, _, err := suite.Verify(ctx, dir, suite.VerifyOptions{}); err != nil || len(problems) != 1 || !strings.Contains(problems[0], "not the task definition") {
		t.Errorf("a changed task definition: %v %v", problems, err)
	}
}
