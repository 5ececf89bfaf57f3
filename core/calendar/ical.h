// iCalendar text (RFC 5545) for the deadline calendar (GET /api/v1/calendar/{token}.ics):
// escaping of TEXT values (§3.3.11), folding of content lines at 75 octets (§3.1), UTC
// date-times and dates (§3.3.4, §3.3.5), and a VCALENDAR of VEVENTs. Pure: the events are
// computed by app/calendar.h and rendered here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game/time.h"

namespace corrchess::ical {

// A TEXT value with its backslashes, semicolons and commas escaped by a backslash and its
// line breaks (LF, CRLF or a lone CR) written as "\n".
std::string escape_text(std::string_view value);

// One content line (without its CRLF) folded so that no line is longer than 75 octets: the
// continuation lines start with a space, and a UTF-8 sequence is never split. Every line
// ends with CRLF.
std::string fold_line(std::string_view line);

// "20250301T120000Z" (a UTC DATE-TIME).
std::string date_time_value(game::Timestamp t);
// "20250301" (a DATE).
std::string date_value(game::CivilDate d);

// One VEVENT.
struct Event {
  std::string uid;  // stable across requests: a client updates the event it has
  // LAST-MODIFIED: when the item last changed (a move, a decision), not when it was served.
  game::Timestamp modified;
  int sequence = 0;  // SEQUENCE: grows with every change of the item
  // A moment (DTSTART only) or an interval [start, end).
  game::Timestamp start;
  std::optional<game::Timestamp> end;
  // Whole days instead: DTSTART and DTEND as DATE values, last_day included (DTEND is the
  // day after it).
  std::optional<game::CivilDate> first_day;
  std::optional<game::CivilDate> last_day;
  std::string summary;
  std::string description;  // may be empty
  std::string url;          // may be empty
};

struct Calendar {
  std::string name;       // X-WR-CALNAME
  game::Timestamp stamp;  // DTSTAMP of every event: when this copy was made (METHOD:PUBLISH)
  std::vector<Event> events;
};

// The calendar as an iCalendar object (CRLF line ends, folded lines).
std::string render(const Calendar& calendar);

}  // namespace corrchess::ical
