package extract

// revertMarkers are the lower-case words of a sentence that says a change was undone
// ("Reverted the hover overlay back to the inset shadow"): the choice it states replaces,
// in the day's log, the one it undoes (memstore.IsRevert). They only pick the lines split
// into sentences; memstore.IsRevert decides.
var revertMarkers = []string{"reverted ", "rolled back ", "went back to ", "switched back to ", "undid ", "annulé "}
