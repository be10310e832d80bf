package capture

// A change that follows the pattern of existing code ("All fields follow the same pattern
// as existing Button Border, Background, and Text appearance fields") states a choice: the
// shape of the new code was taken from the old one rather than invented. The statement is a
// decision when it names what it follows; "follows existing pattern" alone names nothing.

// followMarkers say, in lower case, that a change follows the shape of existing code (read
// with decisionMarkers).
var followMarkers = []string{" same pattern as ", " same patterns as ", " same convention as ", " same conventions as "}
