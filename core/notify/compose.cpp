#include "core/notify/compose.h"

#include <cstdio>
#include <stdexcept>

#include "core/game/crosstable.h"  // html_escape

namespace corrchess::notify {

namespace {

using game::Color;
using game::html_escape;

const std::string& name_of(const GameInfo& g, Color c) {
  return c == Color::kWhite ? g.white : g.black;
}

std::string pairing(const GameInfo& g) {
  return g.white + " \xE2\x80\x93 " + g.black + " (game " + std::to_string(g.id) + ")";
}

// "12. Nf3" or "12... Nf6".
std::string move_text(const game::MoveView& m) {
  const int number = (m.ply + 1) / 2;
  return std::to_string(number) + (m.side == Color::kWhite ? ". " : "... ") + m.san;
}

std::string result_words(const game::GameState& s, const GameInfo& g) {
  if (s.termination == game::Termination::kAborted) {
    return "The game was aborted (" + s.end_reason + "): it has no result and counts for nothing.";
  }
  if (s.status == game::GameStatus::kAnnulled) return "The game was annulled.";
  if (!s.result) return "The game is over.";
  std::string out;
  switch (*s.result) {
    case game::GameResult::kWhiteWins: out = g.white + " won (1-0)"; break;
    case game::GameResult::kBlackWins: out = g.black + " won (0-1)"; break;
    case game::GameResult::kDraw: out = "Drawn (1/2-1/2)"; break;
    case game::GameResult::kDoubleDefault: out = "Both players lost (0-0)"; break;
  }
  if (s.termination) out += " by " + std::string(game::to_string(*s.termination));
  out += ".";
  if (!s.end_reason.empty()) out += " " + s.end_reason;
  return out;
}

// Builds text and HTML together from paragraphs; preformatted blocks keep their layout.
class Body {
 public:
  explicit Body(const Reader& reader) {
    text_ = "Hello " + reader.name + ",\n\n";
    html_ = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n<p>Hello " +
            html_escape(reader.name) + ",</p>\n";
  }
  void paragraph(const std::string& line) {
    text_ += line + "\n\n";
    html_ += "<p>" + html_escape(line) + "</p>\n";
  }
  void preformatted(const std::string& block) {
    text_ += block + "\n";
    html_ += "<pre>" + html_escape(block) + "</pre>\n";
  }
  void link(const std::string& label, const std::string& url) {
    text_ += label + ": " + url + "\n";
    html_ += "<p><a href=\"" + html_escape(url) + "\">" + html_escape(label) + "</a></p>\n";
  }
  Message finish(std::string subject, bool attach_pgn = false) {
    html_ += "</body></html>\n";
    return Message{std::move(subject), std::move(text_), std::move(html_), attach_pgn};
  }

 private:
  std::string text_;
  std::string html_;
};

std::string span_words(game::Seconds s) {
  if (s % 86400 == 0) return std::to_string(s / 86400) + (s == 86400 ? " day" : " days");
  if (s % 3600 == 0) return std::to_string(s / 3600) + (s == 3600 ? " hour" : " hours");
  return std::to_string(s / 60) + " minutes";
}

void deadline_line(Body& body, const game::GameState& s, Color reader, const Reader& r) {
  if (s.status != game::GameStatus::kOngoing || s.to_move != reader) return;
  if (const auto& d = s.clock_of(reader).deadline) {
    body.paragraph("Your deadline: " + format_local(*d, r.zone) + ".");
  }
}

}  // namespace

std::string format_local(game::Timestamp t, const game::TimeZone& zone) {
  const auto local = t + zone.utc_offset(t);
  const auto date = game::utc_date(local);
  const auto in_day = game::floor_mod(local.unix_seconds(), game::kSecondsPerDay);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d ", date.year, date.month, date.day,
                static_cast<int>(in_day / 3600), static_cast<int>(in_day % 3600 / 60));
  return buf + zone.name();
}

std::string text_diagram(std::string_view fen, Color viewer) {
  char board[8][8];
  int rank = 7;
  int file = 0;
  for (auto& row : board) {
    for (auto& square : row) square = '.';
  }
  for (const char c : fen.substr(0, fen.find(' '))) {
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else if (rank >= 0 && file < 8) {
      board[rank][file++] = c;
    }
  }
  std::string out;
  const bool white = viewer == Color::kWhite;
  for (int i = 0; i < 8; ++i) {
    const int r = white ? 7 - i : i;
    out += std::to_string(r + 1) + " ";
    for (int j = 0; j < 8; ++j) {
      out += ' ';
      out += board[r][white ? j : 7 - j];
    }
    out += "\n";
  }
  out += "  ";
  for (int j = 0; j < 8; ++j) {
    out += ' ';
    out += static_cast<char>('a' + (white ? j : 7 - j));
  }
  return out + "\n";
}

Message compose_game_notice(const Notice& notice, const GameInfo& game,
                            const game::GameState& after,
                            const std::vector<game::GameEvent>& events, const Reader& reader) {
  Body body(reader);
  const Color opponent = ~notice.to;
  const std::string title = pairing(game);
  std::string subject;
  switch (notice.kind) {
    case Kind::kOpponentMoved: {
      const game::MoveView* view = after.view_of(notice.ply);
      if (view == nullptr) throw std::out_of_range("no view of the move noticed");
      const auto& m = *view;
      subject = title + ": " + name_of(game, opponent) + " played " + move_text(m);
      body.paragraph(name_of(game, opponent) + " played " + move_text(m) + " in " + title + ".");
      if (m.offer_draw) body.paragraph(name_of(game, opponent) + " offers a draw.");
      if (m.message)
        body.preformatted("Message from " + name_of(game, opponent) + ":\n" + *m.message + "\n");
      body.preformatted(text_diagram(m.fen_after, notice.to));
      deadline_line(body, after, notice.to, reader);
      break;
    }
    case Kind::kDrawDeclined:
      subject = title + ": draw offer declined";
      body.paragraph(name_of(game, opponent) + " declined your draw offer in " + title + ".");
      deadline_line(body, after, notice.to, reader);
      break;
    case Kind::kClaimDecided: {
      const auto& e = events.at(notice.event_index);
      const bool upheld = e.upheld.value_or(false);
      const std::string claim = e.claim_type ? std::string(game::to_string(*e.claim_type)) : "";
      const std::string who =
          e.side && *e.side == notice.to ? "Your" : name_of(game, opponent) + "'s";
      subject = title + ": " + claim + " claim " + (upheld ? "upheld" : "rejected");
      body.paragraph(who + " " + claim + " claim was " + (upheld ? "upheld" : "rejected") + ".");
      if (!e.reason.empty()) body.paragraph(e.reason);
      deadline_line(body, after, notice.to, reader);
      break;
    }
    case Kind::kGameOver:
      subject = title + ": game over";
      body.paragraph("Your game " + title + " is over. " + result_words(after, game));
      body.paragraph("The score of the game is attached (PGN).");
      body.link("See the game", game.url);
      return body.finish(subject, true);
    case Kind::kGameStarted:
      subject = title + ": the game has started";
      if (after.status == game::GameStatus::kNotStarted) {
        // An event game created before its start date.
        subject = title + ": a new game";
        body.paragraph("Your game " + title + " starts at " +
                       format_local(game.start_at, reader.zone) + ". You play " +
                       std::string(game::color_name(notice.to)) + ".");
        break;
      }
      body.paragraph("Your game " + title + " has started. You play " +
                     std::string(game::color_name(notice.to)) + ".");
      deadline_line(body, after, notice.to, reader);
      break;
    case Kind::kDirectorDecision: {
      const auto& e = events.at(notice.event_index);
      std::string what = "suspended the clocks";
      if (e.kind == game::EventKind::kResumed) what = "resumed the clocks";
      if (e.kind == game::EventKind::kClockAdjusted) {
        what = "adjusted " + (e.side ? name_of(game, *e.side) + "'s" : std::string("a")) + " clock";
      }
      subject = title + ": the director " + what;
      body.paragraph("The director " + what + " in " + title + ".");
      if (!e.reason.empty()) body.paragraph("Reason: " + e.reason);
      deadline_line(body, after, notice.to, reader);
      break;
    }
    case Kind::kAdjudicationPending:
      subject = title + ": adjudication pending";
      body.paragraph("The event's end date has passed with " + title +
                     " unfinished: the director will adjudicate it. You may file your claim "
                     "(win or draw) with the event.");
      break;
    default: subject = title; break;
  }
  body.link("See the game", game.url);
  return body.finish(subject);
}

Message compose_reminder(const Reminder& reminder, const GameInfo& game,
                         const game::GameState& state, const Reader& reader, bool to_director) {
  Body body(reader);
  const std::string title = pairing(game);
  const std::string player = name_of(game, reminder.to);
  std::string subject;
  if (reminder.kind == Kind::kDeadlineReminder) {
    subject = title + ": your deadline is in " + span_words(reminder.before);
    body.paragraph("It is your move in " + title + ". Your time runs out in " +
                   span_words(reminder.before) + ", at " +
                   format_local(reminder.deadline, reader.zone) + ".");
  } else if (to_director) {
    subject = title + ": " + player + " has not moved for " + std::to_string(reminder.silent_days) +
              " days";
    body.paragraph(player + " has not moved for " + std::to_string(reminder.silent_days) +
                   " days in " + title + " (a copy of the reminder they received).");
  } else {
    subject = title + ": no move for " + std::to_string(reminder.silent_days) + " days";
    body.paragraph("You have not moved for " + std::to_string(reminder.silent_days) + " days in " +
                   title + ". After 40 days without a move the game is lost.");
  }
  body.preformatted(text_diagram(state.position.fen(), reminder.to));
  body.link("See the game", game.url);
  return body.finish(subject);
}

Message compose_challenge(const std::string& challenger, const std::string& message,
                          const std::string& url, const Reader& reader) {
  Body body(reader);
  body.paragraph(challenger + " challenges you to a game.");
  if (!message.empty()) body.preformatted("Message from " + challenger + ":\n" + message + "\n");
  body.link("Answer the challenge", url);
  return body.finish(challenger + " challenges you");
}

Message compose_challenge_batch(const std::vector<std::pair<std::string, int>>& challengers,
                                const std::string& url, const Reader& reader) {
  Body body(reader);
  int total = 0;
  std::string list;
  for (const auto& [name, count] : challengers) {
    total += count;
    list += "- " + name + (count > 1 ? " (" + std::to_string(count) + " challenges)" : "") + "\n";
  }
  if (total == 0) {
    body.paragraph("The challenges you received lately were all withdrawn or answered.");
    body.link("See your challenges", url);
    return body.finish("Your challenges");
  }
  body.paragraph("More challenges came in after our last mail about one. Open now:");
  body.preformatted(list);
  body.link("Answer them", url);
  return body.finish(std::to_string(total) + (total == 1 ? " challenge is" : " challenges are") +
                     " waiting for you");
}

Message compose_competition_news(const CompetitionNews& news, const Reader& reader) {
  Body body(reader);
  using What = CompetitionNews::What;
  const std::string section = news.series + ", section " + std::to_string(news.section);
  switch (news.what) {
    case What::kSectionStarted:
      body.paragraph("Enough players were waiting: " + section +
                     " has started, and its games are on your list.");
      body.link("See the section", news.url);
      return body.finish(section + " has started");
    case What::kEntryExpired:
      body.paragraph("Your entry in " + news.series + " has expired: " + news.reason + ".");
      body.paragraph("You may join the waiting list again.");
      body.link("See the series", news.url);
      return body.finish("Your entry in " + news.series + " has expired");
    case What::kEntryRemoved:
      body.paragraph("A tournament director took your entry in " + news.series +
                     " off the waiting list. The reason given: " + news.reason);
      body.link("See the series", news.url);
      return body.finish("Your entry in " + news.series + " was removed");
    case What::kPromotionCredit:
      body.paragraph("Your place " + std::to_string(news.place) + " in " + section +
                     " earns you a promotion credit: it admits you once to the class above, "
                     "until " +
                     format_local(news.expires_at, reader.zone) + ".");
      body.link("See the section", news.url);
      return body.finish("A promotion credit from " + news.series);
    case What::kQualified:
      body.paragraph("You qualified from the " + news.stage + " of " + news.series + ": " +
                     (news.runner_up ? "as one of the best runners-up (place " +
                                           std::to_string(news.place) + " in your section)"
                                     : "place " + std::to_string(news.place) + " in your section") +
                     ". Your games of the next stage start when it does.");
      body.link("See the championship", news.url);
      return body.finish("You qualified from the " + news.stage + " of " + news.series);
  }
  return body.finish(news.series);
}

Message compose_leave(const GameInfo& game, const std::string& taker, const std::string& first_day,
                      const std::string& last_day, const std::string& change,
                      const game::GameState& state, game::Color reader_color,
                      const Reader& reader) {
  Body body(reader);
  const std::string title = pairing(game);
  const std::string what = taker + "'s leave from " + first_day + " to " + last_day;
  body.paragraph(what + " was " + change + " (" + title + "). Clocks do not run on leave days.");
  deadline_line(body, state, reader_color, reader);
  body.link("See the game", game.url);
  return body.finish(title + ": " + what + " " + change);
}

Message compose_digest(const std::vector<std::pair<std::string, std::string>>& items,
                       const std::string& reader_name, const std::string& unsubscribe_url) {
  Body body(Reader{reader_name, game::TimeZone::utc()});
  body.paragraph("What happened in your games since your last digest:");
  for (const auto& [subject, text] : items) {
    // Each item without its greeting.
    const auto start = text.find("\n\n");
    body.preformatted("== " + subject + "\n\n" +
                      (start == std::string::npos ? text : text.substr(start + 2)));
  }
  if (!unsubscribe_url.empty()) body.link("Stop these digests", unsubscribe_url);
  return body.finish("Your corrchess digest: " + std::to_string(items.size()) +
                     (items.size() == 1 ? " update" : " updates"));
}

Message compose_password_reset(const std::string& username, const std::string& link,
                               game::Timestamp expires, const Reader& reader) {
  Body body(reader);
  body.paragraph("Somebody (we hope you) asked to choose a new password for the account " +
                 username + ". The link works once, until " + format_local(expires, reader.zone) +
                 "; using it signs the account out everywhere.");
  body.link("Choose a new password", link);
  body.paragraph("If you did not ask for this, ignore this mail: your password stays.");
  return body.finish("Your password for " + username);
}

Message compose_email_verification(const std::string& username, const std::string& link,
                                   const Reader& reader) {
  Body body(reader);
  body.paragraph("Please confirm that this address belongs to the account " + username + ".");
  body.link("Confirm the address", link);
  return body.finish("Confirm your address for " + username);
}

}  // namespace corrchess::notify
