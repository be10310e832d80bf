package mcpserver

import (
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
)

// schemaFor infers the JSON schema of T (json and jsonschema tags) and turns the
// ["null","array"] and ["null","object"] types jsonschema-go gives slices and pointers into
// plain "array" and "object": inputs must send a value, and outputs never hold a nil slice
// (pointers are omitempty, so absent rather than null).
func schemaFor[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema of %T: %v", *new(T), err))
	}
	plainTypes(s)
	return s
}

func plainTypes(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) == 2 && s.Types[0] == "null" {
		s.Type, s.Types = s.Types[1], nil
	}
	plainTypes(s.Items)
	plainTypes(s.AdditionalProperties)
	for _, p := range s.Properties {
		plainTypes(p)
	}
	for _, d := range s.Defs {
		plainTypes(d)
	}
}

// prop returns the schema of a property, to add constraints the tags cannot say.
func prop(s *jsonschema.Schema, name string) *jsonschema.Schema {
	p, ok := s.Properties[name]
	if !ok {
		panic("mcpserver: no property " + name)
	}
	return p
}

// bareOutput strips an output schema to what a client needs to check the result's shape:
// the top-level fields with their types, arrays and nested objects without their detail. The model reads
// the text result, so descriptions and nested detail would only cost every session tokens
// in the tool list.
func bareOutput(s *jsonschema.Schema) *jsonschema.Schema {
	s.Description, s.AdditionalProperties = "", nil
	for _, p := range s.Properties {
		p.Description = ""
		p.Items = nil // "type":"array" is enough to check the shape
		if p.Type == "object" {
			p.Properties, p.Required, p.AdditionalProperties = nil, nil, nil
		}
	}
	return s
}
