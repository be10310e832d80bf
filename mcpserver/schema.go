package mcpserver

import (
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
)

// schemaFor infers the JSON schema of T (json and jsonschema tags) and turns the
// ["null","array"] type jsonschema-go gives every slice into a plain "array": inputs must
// send a list, and outputs never hold a nil slice.
func schemaFor[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema of %T: %v", *new(T), err))
	}
	plainArrays(s)
	return s
}

func plainArrays(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) == 2 && s.Types[0] == "null" && s.Types[1] == "array" {
		s.Type, s.Types = "array", nil
	}
	plainArrays(s.Items)
	plainArrays(s.AdditionalProperties)
	for _, p := range s.Properties {
		plainArrays(p)
	}
	for _, d := range s.Defs {
		plainArrays(d)
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
