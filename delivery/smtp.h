// Sends mail over SMTP with libcurl (smtp:// with STARTTLS when the server offers it or
// required, smtps:// for implicit TLS; user and password in the URL for AUTH). The message
// is built with libcurl's MIME API: multipart/mixed holding a multipart/alternative of
// text/plain and text/html (UTF-8, quoted-printable), then the attachments (base64).
#pragma once

#include <string>

#include "core/error.h"
#include "delivery/mail.h"

namespace corrchess::delivery {

struct SmtpSettings {
  std::string url;           // CORRCHESS_SMTP_URL, e.g. smtp://user:pass@mail.example.org:587
  bool require_tls = false;  // CORRCHESS_SMTP_REQUIRE_TLS: refuse to send without TLS
  long timeout_seconds = 30;
};

// Sends one message; kInternal with libcurl's or the server's words when it failed (the
// caller retries), kValidationError when the message itself is unusable (no retry helps).
Result<void> send_mail(const SmtpSettings& settings, const MailMessage& mail);

}  // namespace corrchess::delivery
