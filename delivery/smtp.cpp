#include "delivery/smtp.h"

#include <curl/curl.h>

#include <memory>

namespace corrchess::delivery {

namespace {

struct CurlDeleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct MimeDeleter {
  void operator()(curl_mime* m) const { curl_mime_free(m); }
};
struct ListDeleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

// Appends a text part (UTF-8, quoted-printable).
void add_text_part(curl_mime* mime, const std::string& body, const char* type) {
  curl_mimepart* part = curl_mime_addpart(mime);
  curl_mime_data(part, body.data(), body.size());
  curl_mime_type(part, type);
  curl_mime_encoder(part, "quoted-printable");
}

}  // namespace

Result<void> send_mail(const SmtpSettings& settings, const MailMessage& mail) {
  if (!is_mail_address(mail.to_address) || !is_mail_address(mail.from_address)) {
    return fail(ErrorCode::kValidationError, "not a mail address: " + mail.to_address);
  }
  static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  if (!initialised) return fail(ErrorCode::kInternal, "libcurl could not be initialised");
  std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
  if (!curl) return fail(ErrorCode::kInternal, "libcurl handle unavailable");
  CURL* c = curl.get();

  std::unique_ptr<curl_slist, ListDeleter> headers;
  for (const auto& field : header_fields(mail)) {
    auto* next = curl_slist_append(headers.get(), field.c_str());
    if (next == nullptr) return fail(ErrorCode::kInternal, "out of memory");
    (void)headers.release();
    headers.reset(next);
  }
  std::unique_ptr<curl_mime, MimeDeleter> mime(curl_mime_init(c));
  // The alternatives (text, then HTML: clients show the last one they can) in one part.
  curl_mime* alternatives = curl_mime_init(c);
  add_text_part(alternatives, mail.text, "text/plain; charset=utf-8");
  if (!mail.html.empty()) add_text_part(alternatives, mail.html, "text/html; charset=utf-8");
  curl_mimepart* body = curl_mime_addpart(mime.get());
  curl_mime_subparts(body, alternatives);  // owned by `mime` from here
  curl_mime_type(body, "multipart/alternative");
  std::unique_ptr<curl_slist, ListDeleter> inline_headers(
      curl_slist_append(nullptr, "Content-Disposition: inline"));
  curl_mime_headers(body, inline_headers.release(), 1);
  for (const auto& a : mail.attachments) {
    curl_mimepart* part = curl_mime_addpart(mime.get());
    curl_mime_data(part, a.data.data(), a.data.size());
    curl_mime_type(part, a.content_type.c_str());
    curl_mime_filename(part, a.filename.c_str());
    curl_mime_encoder(part, "base64");
  }

  const std::string from = "<" + mail.from_address + ">";
  std::unique_ptr<curl_slist, ListDeleter> recipients(
      curl_slist_append(nullptr, ("<" + mail.to_address + ">").c_str()));
  char error[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(c, CURLOPT_URL, settings.url.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(c, CURLOPT_MIMEPOST, mime.get());
  curl_easy_setopt(c, CURLOPT_USE_SSL,
                   static_cast<long>(settings.require_tls ? CURLUSESSL_ALL : CURLUSESSL_TRY));
  curl_easy_setopt(c, CURLOPT_TIMEOUT, settings.timeout_seconds);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, std::min(settings.timeout_seconds, 10L));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  const CURLcode rc = curl_easy_perform(c);
  if (rc != CURLE_OK) {
    long code = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
    std::string words = error[0] != '\0' ? error : curl_easy_strerror(rc);
    if (code != 0) words += " (SMTP " + std::to_string(code) + ")";
    // 5xx answers to a recipient are permanent; everything else may pass on a later try.
    if (code >= 550 && code < 560) return fail(ErrorCode::kValidationError, words);
    return fail(ErrorCode::kInternal, words);
  }
  return {};
}

}  // namespace corrchess::delivery
