#include "tests/headless_browser.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <thread>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

constexpr absl::Duration kCallTimeout = absl::Seconds(30);

// `text` as a JSON (and JavaScript) string literal.
std::string Quote(absl::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      absl::StrAppend(&out, "\\u00", absl::Hex(c, absl::kZeroPad2));
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string ValueText(const google::protobuf::Value& v) {
  switch (v.kind_case()) {
    case google::protobuf::Value::kStringValue:
      return v.string_value();
    case google::protobuf::Value::kBoolValue:
      return v.bool_value() ? "true" : "false";
    case google::protobuf::Value::kNumberValue:
      return absl::StrCat(v.number_value());
    default:
      return "";
  }
}

// The field `key` of `s`, or a null value.
const google::protobuf::Value& Field(const google::protobuf::Struct& s,
                                     const std::string& key) {
  static const google::protobuf::Value* const kNull =
      new google::protobuf::Value();
  auto it = s.fields().find(key);
  return it == s.fields().end() ? *kNull : it->second;
}

void WriteAll(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

}  // namespace

absl::StatusOr<std::unique_ptr<HeadlessBrowser>> HeadlessBrowser::Start(
    int width, int height) {
  const char* env = getenv("CHROMIUM");
  const std::string binary = env != nullptr ? env : "/usr/bin/chromium";
  if (access(binary.c_str(), X_OK) != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(binary,
                     " is not installed: the headless browser tests need "
                     "Debian's chromium (apt-get install chromium)"));
  }
  int to[2], from[2];
  if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0) {
    return absl::InternalError("pipe failed");
  }
  const std::string profile = MakeTempDir("chromium-profile");
  std::vector<std::string> args = {
      binary,
      "--headless",
      "--remote-debugging-pipe",
      absl::StrCat("--user-data-dir=", profile),
      absl::StrCat("--window-size=", width, ",", height),
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-gpu",
      "--disable-extensions",
      "--disable-sync",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-crash-reporter",
      "--hide-scrollbars",
      "--mute-audio",
      "about:blank"};
  if (geteuid() == 0) args.insert(args.begin() + 1, "--no-sandbox");
  const std::string log = profile + "/chromium.log";

  pid_t pid = fork();
  if (pid < 0) return absl::InternalError("fork failed");
  if (pid == 0) {
    // The child: fd 3 reads our requests, fd 4 writes its answers.
    dup2(to[0], 3);
    dup2(from[1], 4);
    int out = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out >= 0) {
      dup2(out, 1);
      dup2(out, 2);
    }
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(to[0]);
  close(from[1]);
  std::unique_ptr<HeadlessBrowser> browser(new HeadlessBrowser());
  browser->pid_ = pid;
  browser->to_browser_ = to[1];
  browser->from_browser_ = from[0];

  absl::StatusOr<google::protobuf::Struct> target = browser->Call(
      "Target.createTarget", R"({"url":"about:blank"})", /*browser=*/true);
  if (!target.ok()) return target.status();
  absl::StatusOr<google::protobuf::Struct> attached = browser->Call(
      "Target.attachToTarget",
      absl::StrCat(
          "{\"targetId\":", Quote(Field(*target, "targetId").string_value()),
          ",\"flatten\":true}"),
      /*browser=*/true);
  if (!attached.ok()) return attached.status();
  browser->session_id_ = Field(*attached, "sessionId").string_value();
  // Headless windows are at least 500 pixels wide: the page's viewport is
  // set to the size asked for, as a phone's when narrow.
  absl::StatusOr<google::protobuf::Struct> sized =
      browser->Call("Emulation.setDeviceMetricsOverride",
                    absl::StrCat("{\"width\":", width, ",\"height\":", height,
                                 ",\"deviceScaleFactor\":1,\"mobile\":",
                                 width < 600 ? "true" : "false", "}"));
  if (!sized.ok()) return sized.status();
  return browser;
}

HeadlessBrowser::~HeadlessBrowser() {
  if (pid_ > 0) {
    WriteAll(to_browser_,
             std::string(R"({"id":0,"method":"Browser.close"})") + '\0');
    bool exited = false;
    for (int i = 0; i < 100 && !exited; ++i) {
      exited = waitpid(pid_, nullptr, WNOHANG) == pid_;
      if (!exited) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (!exited) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  if (to_browser_ >= 0) close(to_browser_);
  if (from_browser_ >= 0) close(from_browser_);
}

absl::StatusOr<std::string> HeadlessBrowser::ReadMessage(absl::Time deadline) {
  while (true) {
    const size_t end = pending_.find('\0');
    if (end != std::string::npos) {
      std::string message = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      return message;
    }
    const absl::Duration left = deadline - absl::Now();
    if (left <= absl::ZeroDuration()) {
      return absl::DeadlineExceededError("chromium did not answer in time");
    }
    pollfd p = {from_browser_, POLLIN, 0};
    const int ready =
        poll(&p, 1, static_cast<int>(absl::ToInt64Milliseconds(left)) + 1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    char buffer[65536];
    const ssize_t n = read(from_browser_, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return absl::UnavailableError("chromium exited");
    pending_.append(buffer, static_cast<size_t>(n));
  }
}

absl::StatusOr<google::protobuf::Struct> HeadlessBrowser::Call(
    const std::string& method, const std::string& params_json, bool browser) {
  const int id = next_id_++;
  std::string request =
      absl::StrCat("{\"id\":", id, ",\"method\":", Quote(method),
                   ",\"params\":", params_json);
  if (!browser)
    absl::StrAppend(&request, ",\"sessionId\":", Quote(session_id_));
  request += "}";
  request += '\0';
  WriteAll(to_browser_, request);
  const absl::Time deadline = absl::Now() + kCallTimeout;
  while (true) {
    absl::StatusOr<std::string> message = ReadMessage(deadline);
    if (!message.ok()) return message.status();
    google::protobuf::Struct answer;
    google::protobuf::util::JsonParseOptions options;
    options.ignore_unknown_fields = true;
    if (!google::protobuf::util::JsonStringToMessage(*message, &answer, options)
             .ok()) {
      return absl::InternalError(
          absl::StrCat("chromium sent what is not JSON: ", *message));
    }
    // Events (no id) and answers to earlier calls are not ours.
    if (Field(answer, "id").number_value() != id) continue;
    if (Field(answer, "error").has_struct_value()) {
      return absl::InternalError(absl::StrCat(method, ": ", *message));
    }
    return Field(answer, "result").struct_value();
  }
}

absl::StatusOr<std::string> HeadlessBrowser::Evaluate(
    const std::string& expression) {
  absl::StatusOr<google::protobuf::Struct> result =
      Call("Runtime.evaluate",
           absl::StrCat("{\"expression\":", Quote(expression),
                        ",\"returnByValue\":true,\"awaitPromise\":true}"));
  if (!result.ok()) return result.status();
  if (Field(*result, "exceptionDetails").has_struct_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the page's JavaScript threw on ", expression, ": ",
        ValueText(
            Field(Field(*result, "exceptionDetails").struct_value(), "text"))));
  }
  return ValueText(Field(Field(*result, "result").struct_value(), "value"));
}

absl::StatusOr<std::string> HeadlessBrowser::WaitFor(
    const std::string& expression, absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  while (true) {
    absl::StatusOr<std::string> value = Evaluate(expression);
    // A page being replaced (a reload) may refuse an evaluation: retry.
    if (value.ok() && !value->empty()) return value;
    if (absl::Now() > deadline) {
      return absl::DeadlineExceededError(absl::StrCat(
          "after ", absl::FormatDuration(timeout), ", still nothing from ",
          expression,
          value.ok() ? "" : absl::StrCat(" (", value.status().message(), ")")));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

absl::Status HeadlessBrowser::MarkPage() {
  return Evaluate("window.tallyOldPage = true; ''").status();
}

absl::Status HeadlessBrowser::WaitForNewPage(absl::Duration timeout) {
  return WaitFor(
             "!window.tallyOldPage && document.readyState === 'complete' ? "
             "location.href : ''",
             timeout)
      .status();
}

absl::Status HeadlessBrowser::Open(const std::string& url) {
  if (absl::Status s = MarkPage(); !s.ok()) return s;
  absl::StatusOr<google::protobuf::Struct> navigated =
      Call("Page.navigate", absl::StrCat("{\"url\":", Quote(url), "}"));
  if (!navigated.ok()) return navigated.status();
  if (const std::string error = Field(*navigated, "errorText").string_value();
      !error.empty()) {
    return absl::UnavailableError(absl::StrCat(url, ": ", error));
  }
  return WaitForNewPage(kCallTimeout);
}

absl::Status HeadlessBrowser::Follow(const std::string& text,
                                     const std::string& within) {
  if (absl::Status s = MarkPage(); !s.ok()) return s;
  absl::StatusOr<std::string> clicked = Evaluate(absl::StrCat(
      "(function(){var w=document.querySelector(", Quote(within),
      ");if(!w)return '';var a=Array.from(w.querySelectorAll('a[href]'))"
      ".find(function(l){return l.textContent.trim()===",
      Quote(text), "});if(!a)return '';a.click();return a.href})()"));
  if (!clicked.ok()) return clicked.status();
  if (clicked->empty()) {
    return absl::NotFoundError(
        absl::StrCat("no link \"", text, "\" in ", within, " on the page"));
  }
  return WaitForNewPage(kCallTimeout);
}

absl::StatusOr<std::string> HeadlessBrowser::ScreenshotPng() {
  absl::StatusOr<google::protobuf::Struct> shot =
      Call("Page.captureScreenshot", R"({"format":"png"})");
  if (!shot.ok()) return shot.status();
  std::string png;
  if (!absl::Base64Unescape(Field(*shot, "data").string_value(), &png)) {
    return absl::InternalError("chromium's screenshot is not base64");
  }
  return png;
}

}  // namespace tally::testing
