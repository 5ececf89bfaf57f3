#include "core/notify/compose.h"

#include <stdexcept>

#include "core/game/crosstable.h"  // html_escape

namespace corrchess::notify {

namespace {

using game::Color;
using game::html_escape;

const std::string& name_of(const GameInfo& g, Color c) {
  return c == Color::kWhite ? g.white : g.black;
}

std::string pairing(const GameInfo& g, Lang lang) {
  return tr(lang, "game.pairing",
            {{"white", g.white}, {"black", g.black}, {"id", std::to_string(g.id)}});
}

// "12. Nf3" or "12... Nf6" (SAN stays in English letters).
std::string move_text(const game::MoveView& m) {
  const int number = (m.ply + 1) / 2;
  return std::to_string(number) + (m.side == Color::kWhite ? ". " : "... ") + m.san;
}

std::string color_words(Color c, Lang lang) {
  return tr(lang, c == Color::kWhite ? "color.white" : "color.black");
}

std::string result_words(const game::GameState& s, const GameInfo& g, Lang lang) {
  if (s.termination == game::Termination::kAborted) {
    return tr(lang, "result.aborted", {{"reason", s.end_reason}});
  }
  if (s.status == game::GameStatus::kAnnulled) return tr(lang, "result.annulled");
  if (!s.result) return tr(lang, "result.over");
  std::string out;
  switch (*s.result) {
    case game::GameResult::kWhiteWins:
      out = tr(lang, "result.won", {{"player", g.white}, {"score", "1-0"}});
      break;
    case game::GameResult::kBlackWins:
      out = tr(lang, "result.won", {{"player", g.black}, {"score", "0-1"}});
      break;
    case game::GameResult::kDraw: out = tr(lang, "result.draw"); break;
    case game::GameResult::kDoubleDefault: out = tr(lang, "result.double_default"); break;
  }
  if (s.termination) {
    out = tr(
        lang, "result.by",
        {{"result", out},
         {"termination", tr(lang, "termination." + std::string(game::to_string(*s.termination)))}});
  } else {
    out = tr(lang, "result.plain", {{"result", out}});
  }
  if (!s.end_reason.empty()) out += " " + s.end_reason;
  return out;
}

// Builds text and HTML together from paragraphs; preformatted blocks keep their layout.
class Body {
 public:
  explicit Body(const Reader& reader) : lang_(reader.lang) {
    const auto greeting = tr(lang_, "mail.greeting", {{"name", reader.name}});
    text_ = greeting + "\n\n";
    html_ = "<!DOCTYPE html>\n<html lang=\"" + std::string(language_tag(lang_)) +
            "\"><head><meta charset=\"utf-8\"></head><body>\n<p>" + html_escape(greeting) +
            "</p>\n";
  }
  void paragraph(const std::string& line) {
    text_ += line + "\n\n";
    html_ += "<p>" + html_escape(line) + "</p>\n";
  }
  void preformatted(const std::string& block) {
    text_ += block + "\n";
    html_ += "<pre>" + html_escape(block) + "</pre>\n";
  }
  void link(std::string_view label_key, const std::string& url) {
    const auto label = tr(lang_, label_key);
    text_ += label + ": " + url + "\n";
    html_ += "<p><a href=\"" + html_escape(url) + "\">" + html_escape(label) + "</a></p>\n";
  }
  Message finish(std::string subject, bool attach_pgn = false) {
    html_ += "</body></html>\n";
    return Message{std::move(subject), std::move(text_), std::move(html_), attach_pgn};
  }

 private:
  Lang lang_;
  std::string text_;
  std::string html_;
};

std::string span_words(game::Seconds s, Lang lang) {
  if (s % 86400 == 0) return tr_n(lang, "span.days", s / 86400);
  if (s % 3600 == 0) return tr_n(lang, "span.hours", s / 3600);
  return tr_n(lang, "span.minutes", s / 60);
}

void deadline_line(Body& body, const game::GameState& s, Color reader, const Reader& r) {
  if (s.status != game::GameStatus::kOngoing || s.to_move != reader) return;
  if (const auto& d = s.clock_of(reader).deadline) {
    body.paragraph(tr(r.lang, "game.deadline", {{"deadline", format_local(*d, r.zone, r.lang)}}));
  }
}

}  // namespace

std::string format_local(game::Timestamp t, const game::TimeZone& zone, Lang lang) {
  return format_instant(t, zone, lang);
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
  const Lang lang = reader.lang;
  Body body(reader);
  const Color opponent = ~notice.to;
  const std::string title = pairing(game, lang);
  const std::string& them = name_of(game, opponent);
  std::string subject;
  switch (notice.kind) {
    case Kind::kOpponentMoved: {
      const game::MoveView* view = after.view_of(notice.ply);
      if (view == nullptr) throw std::out_of_range("no view of the move noticed");
      const auto& m = *view;
      const Params played{{"game", title}, {"player", them}, {"move", move_text(m)}};
      subject = tr(lang, "moved.subject", played);
      body.paragraph(tr(lang, "moved.body", played));
      if (m.offer_draw) body.paragraph(tr(lang, "moved.draw_offer", {{"player", them}}));
      if (m.message) {
        body.preformatted(tr(lang, "mail.message_from", {{"player", them}}) + "\n" + *m.message +
                          "\n");
      }
      body.preformatted(text_diagram(m.fen_after, notice.to));
      deadline_line(body, after, notice.to, reader);
      break;
    }
    case Kind::kDrawDeclined:
      subject = tr(lang, "draw_declined.subject", {{"game", title}});
      body.paragraph(tr(lang, "draw_declined.body", {{"game", title}, {"player", them}}));
      deadline_line(body, after, notice.to, reader);
      break;
    case Kind::kClaimDecided: {
      const auto& e = events.at(notice.event_index);
      const bool upheld = e.upheld.value_or(false);
      const std::string claim =
          e.claim_type ? tr(lang, "claim_type." + std::string(game::to_string(*e.claim_type))) : "";
      const bool yours = e.side && *e.side == notice.to;
      const Params words{{"game", title}, {"claim", claim}, {"player", them}};
      subject = tr(lang, upheld ? "claim.subject.upheld" : "claim.subject.rejected", words);
      body.paragraph(tr(lang,
                        yours ? (upheld ? "claim.yours.upheld" : "claim.yours.rejected")
                              : (upheld ? "claim.theirs.upheld" : "claim.theirs.rejected"),
                        words));
      if (!e.reason.empty()) body.paragraph(e.reason);
      deadline_line(body, after, notice.to, reader);
      break;
    }
    case Kind::kGameOver:
      subject = tr(lang, "over.subject", {{"game", title}});
      body.paragraph(
          tr(lang, "over.body", {{"game", title}, {"result", result_words(after, game, lang)}}));
      body.paragraph(tr(lang, "over.pgn"));
      body.link("link.game", game.url);
      return body.finish(subject, true);
    case Kind::kGameStarted:
      if (after.status == game::GameStatus::kNotStarted) {
        // An event game created before its start date.
        subject = tr(lang, "new_game.subject", {{"game", title}});
        body.paragraph(tr(lang, "new_game.body",
                          {{"game", title},
                           {"start", format_local(game.start_at, reader.zone, lang)},
                           {"color", color_words(notice.to, lang)}}));
        break;
      }
      subject = tr(lang, "started.subject", {{"game", title}});
      body.paragraph(
          tr(lang, "started.body", {{"game", title}, {"color", color_words(notice.to, lang)}}));
      deadline_line(body, after, notice.to, reader);
      break;
    case Kind::kDirectorDecision: {
      const auto& e = events.at(notice.event_index);
      std::string what = tr(lang, "director.suspended");
      if (e.kind == game::EventKind::kResumed) what = tr(lang, "director.resumed");
      if (e.kind == game::EventKind::kClockAdjusted) {
        what = e.side ? tr(lang, "director.adjusted", {{"player", name_of(game, *e.side)}})
                      : tr(lang, "director.adjusted_a_clock");
      }
      subject = tr(lang, "director.subject", {{"game", title}, {"what", what}});
      body.paragraph(tr(lang, "director.body", {{"game", title}, {"what", what}}));
      if (!e.reason.empty()) body.paragraph(tr(lang, "mail.reason", {{"reason", e.reason}}));
      deadline_line(body, after, notice.to, reader);
      break;
    }
    case Kind::kAdjudicationPending:
      subject = tr(lang, "adjudication.subject", {{"game", title}});
      body.paragraph(tr(lang, "adjudication.body", {{"game", title}}));
      break;
    default: subject = title; break;
  }
  body.link("link.game", game.url);
  return body.finish(subject);
}

Message compose_reminder(const Reminder& reminder, const GameInfo& game,
                         const game::GameState& state, const Reader& reader, bool to_director) {
  const Lang lang = reader.lang;
  Body body(reader);
  const std::string title = pairing(game, lang);
  const std::string player = name_of(game, reminder.to);
  std::string subject;
  if (reminder.kind == Kind::kDeadlineReminder) {
    const Params words{{"game", title},
                       {"span", span_words(reminder.before, lang)},
                       {"deadline", format_local(reminder.deadline, reader.zone, lang)}};
    subject = tr(lang, "reminder.deadline.subject", words);
    body.paragraph(tr(lang, "reminder.deadline.body", words));
  } else {
    const Params words{{"game", title},
                       {"player", player},
                       {"days", tr_n(lang, "span.days", reminder.silent_days)}};
    subject =
        tr(lang, to_director ? "reminder.silence.director_subject" : "reminder.silence.subject",
           words);
    body.paragraph(
        tr(lang, to_director ? "reminder.silence.director_body" : "reminder.silence.body", words));
  }
  body.preformatted(text_diagram(state.position.fen(), reminder.to));
  body.link("link.game", game.url);
  return body.finish(subject);
}

Message compose_challenge(const std::string& challenger, const std::string& message,
                          const std::string& url, const Reader& reader) {
  const Lang lang = reader.lang;
  Body body(reader);
  body.paragraph(tr(lang, "challenge.body", {{"player", challenger}}));
  if (!message.empty()) {
    body.preformatted(tr(lang, "mail.message_from", {{"player", challenger}}) + "\n" + message +
                      "\n");
  }
  body.link("link.answer_challenge", url);
  return body.finish(tr(lang, "challenge.subject", {{"player", challenger}}));
}

Message compose_challenge_batch(const std::vector<std::pair<std::string, int>>& challengers,
                                const std::string& url, const Reader& reader) {
  const Lang lang = reader.lang;
  Body body(reader);
  int total = 0;
  std::string list;
  for (const auto& [name, count] : challengers) {
    total += count;
    list +=
        "- " + name + (count > 1 ? " (" + tr_n(lang, "batch.challenges", count) + ")" : "") + "\n";
  }
  if (total == 0) {
    body.paragraph(tr(lang, "batch.none"));
    body.link("link.challenges", url);
    return body.finish(tr(lang, "batch.none_subject"));
  }
  body.paragraph(tr(lang, "batch.body"));
  body.preformatted(list);
  body.link("link.answer_them", url);
  return body.finish(tr_n(lang, "batch.subject", total));
}

Message compose_competition_news(const CompetitionNews& news, const Reader& reader) {
  const Lang lang = reader.lang;
  Body body(reader);
  using What = CompetitionNews::What;
  const std::string section = tr(lang, "competition.section",
                                 {{"series", news.series}, {"n", std::to_string(news.section)}});
  const Params words{{"series", news.series},
                     {"section", section},
                     {"reason", news.reason},
                     {"stage", news.stage},
                     {"place", std::to_string(news.place)}};
  switch (news.what) {
    case What::kSectionStarted:
      body.paragraph(tr(lang, "competition.started.body", words));
      body.link("link.section", news.url);
      return body.finish(tr(lang, "competition.started.subject", words));
    case What::kEntryExpired:
      body.paragraph(tr(lang, "competition.expired.body", words));
      body.paragraph(tr(lang, "competition.expired.again"));
      body.link("link.series", news.url);
      return body.finish(tr(lang, "competition.expired.subject", words));
    case What::kEntryRemoved:
      body.paragraph(tr(lang, "competition.removed.body", words));
      body.link("link.series", news.url);
      return body.finish(tr(lang, "competition.removed.subject", words));
    case What::kPromotionCredit:
      body.paragraph(tr(lang, "competition.credit.body",
                        {{"section", section},
                         {"place", std::to_string(news.place)},
                         {"until", format_local(news.expires_at, reader.zone, lang)}}));
      body.link("link.section", news.url);
      return body.finish(tr(lang, "competition.credit.subject", words));
    case What::kQualified:
      body.paragraph(tr(lang, "competition.qualified.body",
                        {{"series", news.series},
                         {"stage", news.stage},
                         {"how", tr(lang,
                                    news.runner_up ? "competition.qualified.runner_up"
                                                   : "competition.qualified.place",
                                    {{"place", std::to_string(news.place)}})}}));
      body.link("link.championship", news.url);
      return body.finish(tr(lang, "competition.qualified.subject", words));
    case What::kEventCancelled:
      body.paragraph(tr(lang, "competition.cancelled.body", words));
      body.link("link.event", news.url);
      return body.finish(tr(lang, "competition.cancelled.subject", words));
    case What::kEventDatesChanged: {
      body.paragraph(tr(lang, "competition.dates.body", words));
      std::string dates;
      if (news.start_at) {
        dates += tr(lang, "competition.dates.start",
                    {{"when", format_local(*news.start_at, reader.zone, lang)}}) +
                 "\n";
      }
      dates += news.end_at ? tr(lang, "competition.dates.end",
                                {{"when", format_local(*news.end_at, reader.zone, lang)}})
                           : tr(lang, "competition.dates.no_end");
      body.preformatted(dates + "\n");
      if (!news.reason.empty()) body.paragraph(tr(lang, "mail.reason", words));
      body.link("link.event", news.url);
      return body.finish(tr(lang, "competition.dates.subject", words));
    }
  }
  return body.finish(news.series);
}

Message compose_leave(const GameInfo& game, const std::string& taker, const std::string& first_day,
                      const std::string& last_day, const std::string& change,
                      const game::GameState& state, game::Color reader_color,
                      const Reader& reader) {
  const Lang lang = reader.lang;
  Body body(reader);
  const std::string title = pairing(game, lang);
  const std::string change_key = "leave.change." + change;
  const std::string changed = tr(lang, change_key);
  const Params words{{"game", title},
                     {"player", taker},
                     {"first", first_day},
                     {"last", last_day},
                     {"change", changed == change_key ? change : changed}};
  body.paragraph(tr(lang, "leave.body", words));
  deadline_line(body, state, reader_color, reader);
  body.link("link.game", game.url);
  return body.finish(tr(lang, "leave.subject", words));
}

Message compose_digest(const std::vector<std::pair<std::string, std::string>>& items,
                       const std::string& reader_name, const std::string& unsubscribe_url,
                       Lang lang) {
  Body body(Reader{reader_name, game::TimeZone::utc(), lang});
  body.paragraph(tr(lang, "digest.body"));
  for (const auto& [subject, text] : items) {
    // Each item without its greeting.
    const auto start = text.find("\n\n");
    body.preformatted("== " + subject + "\n\n" +
                      (start == std::string::npos ? text : text.substr(start + 2)));
  }
  if (!unsubscribe_url.empty()) body.link("link.stop_digests", unsubscribe_url);
  return body.finish(tr_n(lang, "digest.subject", static_cast<std::int64_t>(items.size())));
}

Message compose_password_reset(const std::string& username, const std::string& link,
                               game::Timestamp expires, const Reader& reader) {
  const Lang lang = reader.lang;
  Body body(reader);
  body.paragraph(tr(lang, "password_reset.body",
                    {{"account", username}, {"until", format_local(expires, reader.zone, lang)}}));
  body.link("link.choose_password", link);
  body.paragraph(tr(lang, "password_reset.ignore"));
  return body.finish(tr(lang, "password_reset.subject", {{"account", username}}));
}

Message compose_email_verification(const std::string& username, const std::string& link,
                                   const Reader& reader) {
  const Lang lang = reader.lang;
  Body body(reader);
  body.paragraph(tr(lang, "verify.body", {{"account", username}}));
  body.link("link.confirm_address", link);
  return body.finish(tr(lang, "verify.subject", {{"account", username}}));
}

}  // namespace corrchess::notify
