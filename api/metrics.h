// Process metrics in Prometheus text format (GET /metrics): request counts and latency
// histograms by route and status, plus counters and gauges other parts register.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace corrchess::api {

class Metrics {
 public:
  // Records one answered request (route pattern, e.g. "/api/v1/games/{id}").
  void observe_request(const std::string& method, const std::string& route, int status,
                       double seconds);
  // Adds to a named counter (e.g. "corrchess_moves_accepted_total").
  void add(const std::string& counter, double value = 1.0, const std::string& help = "");
  // A gauge read when rendering (e.g. database pool connections in use).
  void gauge(const std::string& name, const std::string& help, std::function<double()> read);
  // Prometheus text exposition format 0.0.4.
  std::string render() const;

  static constexpr std::array<double, 10> kBuckets = {0.001, 0.0025, 0.005, 0.01, 0.025,
                                                      0.05,  0.1,    0.25,  0.5,  1.0};

 private:
  struct Histogram {
    std::array<std::uint64_t, kBuckets.size()> buckets{};
    std::uint64_t count = 0;
    double sum = 0;
  };
  mutable std::mutex mutex_;
  std::map<std::tuple<std::string, std::string, int>, std::uint64_t> requests_;
  std::map<std::pair<std::string, std::string>, Histogram> latency_;
  std::map<std::string, std::pair<std::string, double>> counters_;
  std::vector<std::tuple<std::string, std::string, std::function<double()>>> gauges_;
};

}  // namespace corrchess::api
