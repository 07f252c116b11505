import Foundation
import ScenarioSimulator

/// `json` decoded as a scenario (or a journey) file named `file`.
func decode(_ json: String, file: String = "test.json") throws(ScenarioLoadError) -> Scenario {
  try ScenarioLoader.decode(Data(json.utf8), file: file)
}

/// The error `json` is refused with, as the reader sees it; nil when it decodes.
func problem(_ json: String, file: String = "test.json") -> String? {
  do {
    _ = try decode(json, file: file)
    return nil
  } catch {
    return "\(error)"
  }
}
