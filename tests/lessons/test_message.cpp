// Words made in one process and shown in another (lessons/text/message.h): a Message is said in
// the language of the moment by a catalog lookup and a format, crosses as JSON, and a stranger's
// JSON (a sandboxed worker's, a file's) is read without a throw or a crash.
#include <gtest/gtest.h>

#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "text/message.h"
#include "text/say.h"

using namespace cudalab::lessons;

TEST(Message, EnglishIsWhatFmtMakes) {
  const Message m = message("{} of {} elements of {} are wrong", 3, 1000, as_is("out"));
  EXPECT_EQ(m.english(), fmt::format("{} of {} elements of {} are wrong", 3, 1000, "out"));
  EXPECT_EQ(message("{:.2f} ms, {:>4}|", 1.23456, 7).english(), "1.23 ms,    7|");
  EXPECT_EQ(message("{:.{}f} s", 3.14159, 3).english(), "3.142 s");  // a precision from an argument
  EXPECT_EQ(message("{{literal}} {}", 1).english(), "{literal} 1");
  const SpeakIn english(Language::en);
  EXPECT_EQ(said(m), m.english());
}

TEST(Message, SaidInChineseIsTheCatalogsTemplateWithTheSameArguments) {
  const Message m = message("{} of {} elements of {} are wrong", 3, 1000, as_is("out"));
  const SpeakIn chinese(Language::zh_cn);
  EXPECT_EQ(said(m), say("{} of {} elements of {} are wrong", 3, 1000, std::string("out")));
  EXPECT_EQ(said(m), "out 的 1000 个元素中有 3 个是错的");
  EXPECT_EQ(said(message("Passed all {} tests", 5)), "全部 5 个测试通过");
  // A text argument is words (the catalog's word), code is shown as it is.
  EXPECT_EQ(said(message("{}: the check stopped", "Kernel fault")), "核函数出错：检查中止了");
  // No entry: the English, never an empty text.
  EXPECT_EQ(said(message("a message no catalog has: {}", 7)), "a message no catalog has: 7");
}

TEST(Message, AnArgumentThatIsAMessageIsSaidWhole) {
  const Message who = message("thread ({},{},{}) of block ({},{},{})", 1, 0, 0, 2, 0, 0);
  const Message m = message("{} read {}[{}], but {} has {} elements (indices 0 to {})", who, as_is("a"), 1000, as_is("a"), 1000, 999);
  EXPECT_EQ(m.english(), "thread (1,0,0) of block (2,0,0) read a[1000], but a has 1000 elements (indices 0 to 999)");
  ASSERT_EQ(m.args.front().nested.size(), 1u);
  const SpeakIn chinese(Language::zh_cn);
  EXPECT_EQ(said(m), "线程块 (2,0,0) 的线程 (1,0,0) 读了 a[1000]，但 a 只有 1000 个元素（下标 0 到 999）");
}

TEST(Message, TextIsShownAsItIsBracesIncluded) {
  const Message m = Message::text("error: expected '}' at {end}");
  EXPECT_EQ(m.english(), "error: expected '}' at {end}");
  EXPECT_TRUE(m.args.empty());
  const SpeakIn chinese(Language::zh_cn);
  EXPECT_EQ(said(m), "error: expected '}' at {end}");
  EXPECT_EQ(said(Message::text("Kernel fault")), "核函数出错");  // a catalog word
}

TEST(Message, CrossesAsJsonUnchanged) {
  const Message who = message("thread ({},{},{}) of block ({},{},{})", 1, 0, 0, 2, 0, 0);
  const Message m = message("{} wrote {} {} times; the limit is {}", who, as_is("out"), 3, 1);
  Message back;
  ASSERT_TRUE(from_json(to_json(m), &back).ok());
  EXPECT_EQ(back, m);
  EXPECT_EQ(back.english(), m.english());
}

TEST(Message, AStrangersJsonIsRefusedInWordsOrSaidHarmlessly) {
  Message out;
  for (const char* text : {R"(null)", R"([])", R"({"args": []})", R"({"id": 7})", R"({"id": "{}", "args": {}})",
                           R"({"id": "{}", "args": [["x"]]})", R"({"id": "{}", "args": [[1, true]]})",
                           R"({"id": "{}", "args": [["x", "yes"]]})", R"({"id": "{}", "args": [["x", true, 5]]})"}) {
    const cudalab::Status read = from_json(nlohmann::json::parse(text), &out);
    EXPECT_FALSE(read.ok()) << text;
    EXPECT_NE(read.message.find("a message this app cannot read"), std::string::npos) << read.message;
  }
  // Nested past the limit.
  nlohmann::json deep = {{"id", "{}"}, {"args", nlohmann::json::array()}};
  for (int i = 0; i < 20; ++i) deep = {{"id", "{}"}, {"args", nlohmann::json::array({nlohmann::json::array({"x", true, deep})})}};
  EXPECT_FALSE(from_json(deep, &out).ok());
  // Too large.
  EXPECT_FALSE(from_json({{"id", std::string(5000, 'x')}}, &out).ok());
  nlohmann::json many = {{"id", "{}"}, {"args", nlohmann::json::array()}};
  ASSERT_TRUE(from_json(many, &out).ok());  // what follows fails for its length alone
  for (int i = 0; i < 100; ++i) many["args"].push_back(nlohmann::json::array({"x", false}));
  EXPECT_FALSE(from_json(many, &out).ok());
  // An id that fmt would refuse is still said, in both languages, without a throw: fields that do
  // not close, indices that are not numbers, more fields than arguments, a spec no argument fits.
  for (const char* id : {"{", "{:", "{} {", "{x:{y}}", "{} {} {}", "{:d} and {:.{}f}", "}}}{{{", "{0:{1:{2}}}"}) {
    const nlohmann::json j = {{"id", id}, {"args", nlohmann::json::array({nlohmann::json::array({"7", false})})}};
    ASSERT_TRUE(from_json(j, &out).ok()) << id;
    EXPECT_NO_THROW((void)out.english()) << id;
    const SpeakIn chinese(Language::zh_cn);
    EXPECT_NO_THROW((void)said(out)) << id;
  }
}
