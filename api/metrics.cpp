#include "api/metrics.h"

#include <sstream>

namespace corrchess::api {

namespace {

std::string escape_label(const std::string& v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace

void Metrics::observe_request(const std::string& method, const std::string& route, int status,
                              double seconds) {
  std::lock_guard lock(mutex_);
  ++requests_[{method, route, status}];
  auto& h = latency_[{method, route}];
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    if (seconds <= kBuckets[i]) ++h.buckets[i];
  }
  ++h.count;
  h.sum += seconds;
}

void Metrics::add(const std::string& counter, double value, const std::string& help) {
  std::lock_guard lock(mutex_);
  auto& entry = counters_[counter];
  if (!help.empty()) entry.first = help;
  entry.second += value;
}

void Metrics::gauge(const std::string& name, const std::string& help,
                    std::function<double()> read) {
  std::lock_guard lock(mutex_);
  gauges_.emplace_back(name, help, std::move(read));
}

std::string Metrics::render() const {
  std::lock_guard lock(mutex_);
  std::ostringstream out;
  out << "# HELP corrchess_http_requests_total HTTP requests answered, by route and status.\n"
      << "# TYPE corrchess_http_requests_total counter\n";
  for (const auto& [key, n] : requests_) {
    const auto& [method, route, status] = key;
    out << "corrchess_http_requests_total{method=\"" << method << "\",route=\""
        << escape_label(route) << "\",status=\"" << status << "\"} " << n << "\n";
  }
  out << "# HELP corrchess_http_request_duration_seconds Time to answer a request.\n"
      << "# TYPE corrchess_http_request_duration_seconds histogram\n";
  for (const auto& [key, h] : latency_) {
    const std::string labels =
        "method=\"" + key.first + "\",route=\"" + escape_label(key.second) + "\"";
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
      out << "corrchess_http_request_duration_seconds_bucket{" << labels << ",le=\"" << kBuckets[i]
          << "\"} " << h.buckets[i] << "\n";
    }
    out << "corrchess_http_request_duration_seconds_bucket{" << labels << ",le=\"+Inf\"} "
        << h.count << "\n"
        << "corrchess_http_request_duration_seconds_sum{" << labels << "} " << h.sum << "\n"
        << "corrchess_http_request_duration_seconds_count{" << labels << "} " << h.count << "\n";
  }
  for (const auto& [name, entry] : counters_) {
    if (!entry.first.empty()) out << "# HELP " << name << " " << entry.first << "\n";
    out << "# TYPE " << name << " counter\n" << name << " " << entry.second << "\n";
  }
  for (const auto& [name, help, read] : gauges_) {
    out << "# HELP " << name << " " << help << "\n# TYPE " << name << " gauge\n"
        << name << " " << read() << "\n";
  }
  return out.str();
}

}  // namespace corrchess::api
