// tally_fuzz_seeds: writes the fuzz targets' seed corpora from the fixture
// tournament (tests/fuzz/fuzz_fixture.h) and the shipped profiles, into
// <dir>/corpus/<target>/. Run it again after the fixture, the command table
// or the shipped profiles change, and commit the result (docs/fuzzing.md).
//
//   tally_fuzz_seeds <tests/fuzz directory>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "replay/log/codec.h"
#include "replay/log/log_export.h"
#include "replay/profile/profile_loader.h"
#include "tests/fuzz/fuzz_commands.h"
#include "tests/fuzz/fuzz_fixture.h"
#include "tests/fuzz/fuzz_input.h"

namespace tally::fuzz {
namespace {

bool Write(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  if (!out.good()) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}

std::string CommandInput(int index, const std::string& request) {
  return std::string(1, static_cast<char>(index)) + AsRecord(request);
}

// A request of every command aimed at the fixture: tournament "t",
// competition `competition`, and 1 for every session, round, table, board,
// pair and team field, so a fuzzer starts from ids that exist.
std::string Aimed(int index, const std::string& competition) {
  std::unique_ptr<google::protobuf::Message> request(
      RequestPrototype(index).New());
  const google::protobuf::Descriptor* d = request->GetDescriptor();
  const google::protobuf::Reflection* r = request->GetReflection();
  for (int i = 0; i < d->field_count(); ++i) {
    const google::protobuf::FieldDescriptor* f = d->field(i);
    if (f->is_repeated()) continue;
    if (f->name() == "tournament_id") r->SetString(request.get(), f, "t");
    if (f->name() == "competition_id") {
      r->SetString(request.get(), f, competition);
    }
    if (f->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_INT32 &&
        (f->name() == "session" || f->name() == "round" ||
         f->name() == "table" || f->name() == "board" ||
         f->name() == "pair" || f->name() == "team")) {
      r->SetInt32(request.get(), f, 1);
    }
  }
  return request->SerializeAsString();
}

bool WriteAll(const std::filesystem::path& dir) {
  const Fixture& fixture = TheFixture();
  bool ok = true;

  const std::filesystem::path commands = dir / "corpus" / "command_decide";
  std::filesystem::create_directories(commands);
  for (size_t i = 0; i < fixture.commands.size(); ++i) {
    const FixtureCommand& c = fixture.commands[i];
    ok &= Write(commands / absl::StrFormat("fixture-%02d", i + 1),
                CommandInput(c.index, c.request));
  }
  for (int i = 0; i < CommandCount(); ++i) {
    for (const char* competition : {"c", "m"}) {
      ok &= Write(commands / absl::StrFormat("aimed-%02d-%s", i, competition),
                  CommandInput(i, Aimed(i, competition)));
    }
  }

  const std::filesystem::path replay = dir / "corpus" / "event_replay";
  std::filesystem::create_directories(replay);
  std::string log;
  for (const v1::Event& e : fixture.events) {
    v1::Event plain = e;
    plain.clear_hash();
    log += AsRecord(replay::EncodeEvent(plain).SerializeAsString());
  }
  ok &= Write(replay / "fixture-log", log);

  const std::filesystem::path exports = dir / "corpus" / "export_verify";
  std::filesystem::create_directories(exports);
  std::string text;
  for (const v1::Event& e : fixture.events) {
    text += replay::ExportLine(e) + "\n";
  }
  ok &= Write(exports / "fixture-export", text);

  const std::filesystem::path profiles = dir / "corpus" / "profile_load";
  std::filesystem::create_directories(profiles);
  for (const auto& [name, profile] : replay::BuiltInProfileTexts()) {
    ok &= Write(profiles / name, profile);
  }
  return ok;
}

}  // namespace
}  // namespace tally::fuzz

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <tests/fuzz directory>\n", argv[0]);
    return 2;
  }
  return tally::fuzz::WriteAll(argv[1]) ? 0 : 1;
}
