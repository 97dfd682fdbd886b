// LogLine's two formats. The JSON lines are parsed back with protobuf's
// JSON parser (google.protobuf.Struct), so a quote, a newline or a
// non-ASCII name that broke the escaping would fail the parse or the
// round trip.

#include "server/log_line.h"

#include <string>

#include "absl/time/time.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"

namespace tally::server {
namespace {

const absl::Time kTime =
    absl::FromUnixMillis(1795755600123);  // 2026-11-27T05:00:00.123Z

google::protobuf::Struct Parse(const std::string& line) {
  google::protobuf::Struct parsed;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(line, &parsed).ok())
      << line;
  return parsed;
}

TEST(LogLineTest, TextLineIsTheMessageWithControlBytesEscaped) {
  EXPECT_EQ(FormatLogLine(LogFormat::kText, kTime, LogLevel::kWarning,
                          "refused x\nforged line", {{"rpc", "A.B"}}),
            "tallyd 2026-11-27T05:00:00Z refused x\\x0aforged line");
}

TEST(LogLineTest, JsonLineHasTsLevelMsgAndFieldsInOrder) {
  EXPECT_EQ(FormatLogLine(LogFormat::kJson, kTime, LogLevel::kInfo, "started",
                          {{"port", "50051"}, {"events", "7"}}),
            "{\"ts\":\"2026-11-27T05:00:00.123Z\",\"level\":\"info\","
            "\"msg\":\"started\",\"port\":\"50051\",\"events\":\"7\"}");
}

TEST(LogLineTest, JsonEscapesQuotesNewlinesAndKeepsNonAscii) {
  const std::string message =
      "refused from \"Zoë\" on 'Göteborg\xe2\x80\x94Nord':\nline two\t\\";
  const std::string line =
      FormatLogLine(LogFormat::kJson, kTime, LogLevel::kWarning, message,
                    {{"principal", "d\"1\n"}});
  EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  const google::protobuf::Struct parsed = Parse(line);
  EXPECT_EQ(parsed.fields().at("msg").string_value(), message);
  EXPECT_EQ(parsed.fields().at("level").string_value(), "warning");
  EXPECT_EQ(parsed.fields().at("principal").string_value(), "d\"1\n");
}

TEST(LogLineTest, JsonReplacesBytesThatAreNotUtf8) {
  const std::string line = FormatLogLine(
      LogFormat::kJson, kTime, LogLevel::kError, "bad \xff\xc3 end", {});
  EXPECT_EQ(Parse(line).fields().at("msg").string_value(),
            "bad \xef\xbf\xbd\xef\xbf\xbd end");
}

TEST(LogLineTest, JsonCutsALongMessage) {
  const std::string line = FormatLogLine(
      LogFormat::kJson, kTime, LogLevel::kInfo, std::string(5000, 'x'), {});
  EXPECT_EQ(Parse(line).fields().at("msg").string_value(),
            std::string(2000, 'x') + "... (5000 bytes)");
}

TEST(LogLineTest, ParsesTheFlagValues) {
  LogFormat format = LogFormat::kText;
  EXPECT_TRUE(ParseLogFormat("json", &format));
  EXPECT_EQ(format, LogFormat::kJson);
  EXPECT_TRUE(ParseLogFormat("text", &format));
  EXPECT_EQ(format, LogFormat::kText);
  EXPECT_FALSE(ParseLogFormat("JSON ", &format));
}

}  // namespace
}  // namespace tally::server
