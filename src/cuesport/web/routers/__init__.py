"""One router per resource: referee, tables, matches, ws."""
