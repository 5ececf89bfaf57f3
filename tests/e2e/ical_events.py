#!/usr/bin/python3
"""Reads an iCalendar file with Debian's python3-icalendar (a real RFC 5545 parser, which
unfolds lines and unescapes text) and prints its events as one JSON array for
tests/e2e/calendar_test: [{uid, start, end, all_day, summary, description, url, sequence,
dtstamp, last_modified}], instants as RFC 3339 UTC and whole days as YYYY-MM-DD."""
import datetime
import json
import sys

import icalendar


def when(value):
    if value is None:
        return None, False
    v = value.dt
    if isinstance(v, datetime.datetime):
        if v.tzinfo is None or v.utcoffset() != datetime.timedelta(0):
            raise SystemExit(f"not a UTC time: {value.to_ical()!r}")
        return v.strftime("%Y-%m-%dT%H:%M:%SZ"), False
    return v.isoformat(), True


def main():
    with open(sys.argv[1], "rb") as f:
        cal = icalendar.Calendar.from_ical(f.read())
    if cal.name != "VCALENDAR" or str(cal.get("version")) != "2.0":
        raise SystemExit("not an iCalendar 2.0 object")
    events = []
    for e in cal.walk("VEVENT"):
        start, all_day = when(e.get("dtstart"))
        end, _ = when(e.get("dtend"))
        events.append({
            "uid": str(e.get("uid")),
            "start": start,
            "end": end,
            "all_day": all_day,
            "summary": str(e.get("summary")),
            "description": str(e.get("description", "")),
            "url": str(e.get("url", "")),
            "sequence": int(e.get("sequence", 0)),
            "dtstamp": when(e.get("dtstamp"))[0],
            "last_modified": when(e.get("last-modified"))[0],
        })
    json.dump(events, sys.stdout, ensure_ascii=False)


main()
