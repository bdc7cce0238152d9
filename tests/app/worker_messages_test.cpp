// The worker protocol's typed messages (app/worker/messages.h): each crosses as it was sent, an
// op nobody knows is ignored, and a known op with fields of the wrong type is refused in words.
#include <gtest/gtest.h>

#include "cudalab/message_format.h"
#include "worker/messages.h"
#include "worker/worker_client.h"

namespace cudalab::app::worker {
namespace {

using nlohmann::json;

template <class T>
T request_round_trip(const T& sent) {
  std::optional<Request> read;
  const Status status = decode(encode(Request{sent}), &read);
  EXPECT_TRUE(status.ok()) << status.describe();
  EXPECT_TRUE(read.has_value() && std::holds_alternative<T>(*read));
  return read && std::holds_alternative<T>(*read) ? std::get<T>(*read) : T{};
}

template <class T>
T reply_round_trip(const T& sent) {
  std::optional<Reply> read;
  const Status status = decode(encode(Reply{sent}), &read);
  EXPECT_TRUE(status.ok()) << status.describe();
  EXPECT_TRUE(read.has_value() && std::holds_alternative<T>(*read));
  return read && std::holds_alternative<T>(*read) ? std::get<T>(*read) : T{};
}

TEST(WorkerMessages, EveryRequestCrossesAsSent) {
  const ask::Open open = request_round_trip(ask::Open{{BackendRequest::emulator, 3}, true});
  EXPECT_EQ(open.opening.request, BackendRequest::emulator);
  EXPECT_EQ(open.opening.gpu_index, 3);
  EXPECT_TRUE(open.list);
  EXPECT_EQ(request_round_trip(ask::Open{{BackendRequest::gpu, 0}, false}).opening.request, BackendRequest::gpu);
  EXPECT_EQ(request_round_trip(ask::Open{}).opening.request, BackendRequest::automatic);

  const ask::RunStep run = request_round_trip(ask::RunStep{7, 2, 1, {{"n", 1024}, {"block", 0.5}}});
  EXPECT_EQ(run.id, 7u);
  EXPECT_EQ(run.chapter, 2);
  EXPECT_EQ(run.step, 1);
  EXPECT_EQ(run.values, (lessons::ParamValues{{"n", 1024}, {"block", 0.5}}));

  const ask::Check check = request_round_trip(ask::Check{8, "guard", "__global__ void k() {}\n"});
  EXPECT_EQ(check.id, 8u);
  EXPECT_EQ(check.exercise, "guard");
  EXPECT_EQ(check.source, "__global__ void k() {}\n");
  request_round_trip(ask::Cancel{});
}

TEST(WorkerMessages, EveryReplyCrossesAsSent) {
  EXPECT_EQ(reply_round_trip(tell::Sandbox{"Sandbox: namespaces, seccomp"}).line, "Sandbox: namespaces, seccomp");

  tell::Opened opened;
  opened.status = Status::error(StatusCode::no_device, "no GPU here");
  opened.device.name = "CPU emulator";
  opened.choices.push_back({DeviceFacts{}, "emu"});
  opened.choices.back().facts.name = "CPU emulator";
  const tell::Opened read = reply_round_trip(opened);
  EXPECT_EQ(read.status.code, StatusCode::no_device);
  EXPECT_EQ(read.status.message, "no GPU here");
  EXPECT_EQ(read.device.name, "CPU emulator");
  ASSERT_EQ(read.choices.size(), 1u);
  EXPECT_EQ(read.choices[0].id, "emu");
  EXPECT_EQ(read.choices[0].facts.name, "CPU emulator");

  const tell::Progress progress = reply_round_trip(tell::Progress{5, 0.25f});
  EXPECT_EQ(progress.id, 5u);
  EXPECT_FLOAT_EQ(progress.value, 0.25f);
  EXPECT_FALSE(reply_round_trip(tell::Phase{5, std::nullopt}).test.has_value());
  EXPECT_EQ(reply_round_trip(tell::Phase{5, 2}).test, 2);

  cudalab::Run run;
  run.lesson = "threads";
  run.step = 1;
  run.results["sum"] = 42;
  const tell::Partial partial = reply_round_trip(tell::Partial{6, run});
  EXPECT_EQ(partial.id, 6u);
  EXPECT_EQ(partial.run.lesson, "threads");
  const tell::Done done = reply_round_trip(tell::Done{6, run, true});
  EXPECT_TRUE(done.retire);
  EXPECT_EQ(done.run.step, 1);
  EXPECT_EQ(done.run.results.value("sum", 0), 42);
  EXPECT_EQ(reply_round_trip(tell::Fault{"the worker process stopped on SIGSEGV"}).message,
            "the worker process stopped on SIGSEGV");
  const Message words = message("the worker process stopped on {}", "a trap");
  EXPECT_EQ(reply_round_trip(tell::Fault{words.english(), words}).words, words);
}

// A crashing worker's last words are a stranger's data: words that do not read are dropped, and
// the English is said.
TEST(WorkerMessages, AFaultsWordsThatDoNotReadLeaveItsEnglish) {
  for (const json& words : {json("text"), json{{"id", 5}}, json{{"id", "{}"}, {"args", {{1, 2}}}}}) {
    std::optional<Reply> reply;
    ASSERT_TRUE(decode(json{{"op", "fault"}, {"message", "stopped"}, {"words", words}}, &reply).ok()) << words;
    const auto* fault = std::get_if<tell::Fault>(&*reply);
    ASSERT_NE(fault, nullptr);
    EXPECT_EQ(fault->message, "stopped");
    EXPECT_TRUE(fault->words.empty()) << words;
  }
}

TEST(WorkerMessages, AnOpNobodyKnowsIsIgnoredNotAnError) {
  std::optional<Reply> reply = tell::Fault{};
  EXPECT_TRUE(decode(json{{"op", "hello"}, {"id", 1}}, &reply).ok());
  EXPECT_FALSE(reply.has_value());
  std::optional<Request> request = ask::Cancel{};
  EXPECT_TRUE(decode(json::object(), &request).ok());
  EXPECT_FALSE(request.has_value());
}

TEST(WorkerMessages, AFieldOfTheWrongTypeIsRefusedInWords) {
  const json wrong[] = {
      {{"op", "done"}, {"id", "seven"}, {"run", to_json(cudalab::Run{})}},
      {{"op", "done"}, {"id", 7}, {"run", 5}},
      {{"op", "done"}, {"id", 7}, {"run", to_json(cudalab::Run{})}, {"retire", "yes"}},
      {{"op", "progress"}, {"id", 7}, {"value", "half"}},
      {{"op", "phase"}, {"id", 7}, {"phase", "test"}, {"test", "two"}},
      {{"op", "partial"}, {"id", -1}, {"run", to_json(cudalab::Run{})}},
      {{"op", "fault"}, {"message", json::array()}},
      {{"op", 3}},
  };
  for (const json& message : wrong) {
    std::optional<Reply> reply;
    const Status status = decode(message, &reply);
    EXPECT_FALSE(status.ok()) << message.dump();
    EXPECT_FALSE(reply.has_value()) << message.dump();
    EXPECT_FALSE(status.message.empty());
  }
  std::optional<Request> request;
  EXPECT_FALSE(decode(json{{"op", "run"}, {"id", 1}, {"chapter", "two"}}, &request).ok());
  EXPECT_FALSE(request.has_value());
}

TEST(WorkerMessages, ARunThatDoesNotReadIsSaidWithItsReason) {
  json run = to_json(cudalab::Run{});
  run["status"] = "fine";
  std::optional<Reply> reply;
  const Status status = decode(json{{"op", "done"}, {"id", 1}, {"run", run}}, &reply);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message.find("its run does not read"), std::string::npos) << status.message;
}

}  // namespace
}  // namespace cudalab::app::worker

namespace cudalab::app::worker {
namespace {

// The backend's advice after a sticky fault, nested under what a step added, becomes the app's:
// the arguments kept, the English and the id changed together.
TEST(WorkerMessages, ARetiringWorkersAdviceIsChangedWhereverItSits) {
  Message words = message("launching {}: {}", as_is("k<<<1, 1>>>"),
                          message("{}; the GPU was reset and every buffer on it was lost, but this process cannot use it "
                                  "again ({}): restart CUDA Lab to run on the GPU, or switch to the emulator",
                                  message("__trap() was called"), as_is("cudaErrorLaunchFailure")));
  ASSERT_TRUE(advise_a_fresh_worker(&words));
  const std::string english = words.english();
  EXPECT_EQ(english.find("restart CUDA Lab"), std::string::npos) << english;
  EXPECT_NE(english.find("__trap() was called"), std::string::npos) << english;
  EXPECT_NE(english.find("(cudaErrorLaunchFailure): the next run starts in a fresh worker process"), std::string::npos)
      << english;
  Message other = message("stopped after {}", as_is("2 s"));
  EXPECT_FALSE(advise_a_fresh_worker(&other));
}

}  // namespace
}  // namespace cudalab::app::worker
