import Foundation

/// Why a scenario file could not be used. The message names the file and the problem.
public enum ScenarioLoadError: Error, Equatable, CustomStringConvertible {
  case unreadable(file: String, reason: String)
  case malformed(file: String, problem: String)

  public var description: String {
    switch self {
    case .unreadable(let file, let reason): "\(file): cannot read the file: \(reason)"
    case .malformed(let file, let problem): "\(file): malformed scenario: \(problem)"
    }
  }
}

/// Reads scenario files.
public enum ScenarioLoader {
  /// Reads and decodes the scenario at `path`.
  public static func load(path: String) throws(ScenarioLoadError) -> Scenario {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason = FileManager.default.fileExists(atPath: path) ? error.localizedDescription : "no such file"
      throw .unreadable(file: path, reason: reason)
    }
    return try decode(data, file: path)
  }

  /// Decodes scenario JSON; `file` names the source in error messages.
  public static func decode(_ data: Data, file: String) throws(ScenarioLoadError) -> Scenario {
    do {
      return try JSONDecoder().decode(Scenario.self, from: data)
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
        let syntax = syntaxProblem(in: data)
      {
        throw .malformed(file: file, problem: "invalid JSON: \(syntax)")
      }
      throw .malformed(file: file, problem: describe(error))
    } catch {
      throw .malformed(file: file, problem: error.localizedDescription)
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        // Invalid JSON: the underlying error carries the position.
        let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return "invalid JSON: \(detail ?? context.debugDescription)"
      }
      return "at \(path(context.codingPath)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "at \(path(context.codingPath + [key])): missing required field '\(key.stringValue)'"
    case .typeMismatch(let type, let context):
      return "at \(path(context.codingPath)): expected \(describe(type))"
    case .valueNotFound(let type, let context):
      return "at \(path(context.codingPath)): expected \(describe(type)), found null"
    @unknown default:
      return "\(error)"
    }
  }

  /// The JSON syntax error in `data` with its line and column, or `nil` when the syntax is valid.
  private static func syntaxProblem(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      let detail =
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
      // "Invalid value around character 12." → add the line and column of that offset.
      guard let range = detail.range(of: "character "),
        let offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
      else { return detail }
      let prefix = data.prefix(offset)
      let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
      let column = offset - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
      return "\(detail) (line \(line), column \(column))"
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Int.Type, is Double.Type: "a number"
    case is [ScenarioStep].Type: "a list of steps"
    default: "a value of type \(type)"
    }
  }

  private static func path(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "the top level" }
    return codingPath.reduce("") { text, key in
      if let index = key.intValue { return text + "[\(index)]" }
      return text.isEmpty ? key.stringValue : text + "." + key.stringValue
    }
  }
}
