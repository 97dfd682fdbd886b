// HeadlessBrowser: Debian's chromium run headless for tests, driven over
// the DevTools protocol on a pipe (--remote-debugging-pipe: requests on
// the child's fd 3, answers on its fd 4, NUL-terminated JSON), so a test
// can load a page, let its JavaScript run, read what a reader sees (the
// DOM's text after the scripts) and take screenshots. Nothing is
// downloaded: the binary is /usr/bin/chromium or $CHROMIUM. Its profile
// is a fresh --user-data-dir under the test's temporary directory
// (tests/tallyd_process.h MakeTempDir). Not thread-safe; one owner.

#ifndef TALLY_TESTS_HEADLESS_BROWSER_H_
#define TALLY_TESTS_HEADLESS_BROWSER_H_

#include <sys/types.h>

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "google/protobuf/struct.pb.h"

namespace tally::testing {

class HeadlessBrowser {
 public:
  // Starts chromium with a window of `width` x `height` CSS pixels (a
  // phone: 375 x 812). FailedPrecondition when chromium is not installed
  // (the test fails: CI installs Debian's `chromium`).
  static absl::StatusOr<std::unique_ptr<HeadlessBrowser>> Start(int width,
                                                                int height);
  ~HeadlessBrowser();  // closes the browser (SIGKILL if it hangs)
  HeadlessBrowser(const HeadlessBrowser&) = delete;
  HeadlessBrowser& operator=(const HeadlessBrowser&) = delete;

  // Loads `url` and waits until the page has loaded (its inline scripts
  // have run).
  absl::Status Open(const std::string& url);
  // Clicks the first link whose text is `text` inside the first element
  // `within` (a CSS selector) selects, and waits for the page it leads to.
  // NotFound when there is no such link.
  absl::Status Follow(const std::string& text,
                      const std::string& within = "body");
  // The value of the JavaScript `expression` in the page, as a string.
  absl::StatusOr<std::string> Evaluate(const std::string& expression);
  // Evaluates `expression` until it gives a non-empty string (returned),
  // or DeadlineExceeded after `timeout`.
  absl::StatusOr<std::string> WaitFor(const std::string& expression,
                                      absl::Duration timeout);
  // The page's text as a reader sees it (document.body.innerText).
  absl::StatusOr<std::string> Text() {
    return Evaluate("document.body.innerText");
  }
  // Marks the page shown now; WaitForNewPage() returns once another
  // document (a reload, a link followed) has loaded.
  absl::Status MarkPage();
  absl::Status WaitForNewPage(absl::Duration timeout);
  // A PNG of the whole page (the window's width, the page's height).
  absl::StatusOr<std::string> ScreenshotPng();

 private:
  HeadlessBrowser() = default;
  // Sends one DevTools command (to the page's session unless `browser`)
  // and returns its "result".
  // `params_json` is a JSON object.
  absl::StatusOr<google::protobuf::Struct> Call(const std::string& method,
                                                const std::string& params_json,
                                                bool browser = false);
  absl::StatusOr<std::string> ReadMessage(absl::Time deadline);

  pid_t pid_ = -1;
  int to_browser_ = -1;    // our end of its fd 3
  int from_browser_ = -1;  // our end of its fd 4
  std::string pending_;    // bytes read after the last message
  std::string session_id_;
  int next_id_ = 1;
};

}  // namespace tally::testing

#endif  // TALLY_TESTS_HEADLESS_BROWSER_H_
