import Foundation
import Testing

/// The product's rule: Purchasely and StoreKit sit behind one small wrapper, `MonetizationLive`;
/// nothing else imports them (the review prompt's SwiftUI action included).
@Suite("Only MonetizationLive imports StoreKit or Purchasely")
struct StoreWrapperTests {
  static let wrapper = "Sources/MonetizationLive"

  static func storeImports(in text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
      let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
      guard words.first == "import", let module = words.dropFirst().last else { return false }
      let name = module.split(separator: ".").first.map(String.init) ?? ""
      return ["StoreKit", "_StoreKit_SwiftUI", "StoreKitTest", "Purchasely"].contains(name)
    }
  }

  @Test func nothingOutsideTheWrapperImportsTheStores() throws {
    var found: [String] = []
    var wrapperImports = 0
    for folder in ["Sources", "Tools", "Spacer", "SpacerWidget"] {
      for file in try RepositoryFiles.swiftFiles(in: folder) {
        let imports = Self.storeImports(in: file.text)
        if "\(folder)/\(file.path)".hasPrefix(Self.wrapper + "/") {
          wrapperImports += imports.count
        } else {
          found += imports.map { "\(folder)/\(file.path): \($0)" }
        }
      }
    }
    #expect(wrapperImports >= 2, "the scan found no import in the wrapper itself: it lost them")
    #expect(found.isEmpty, "outside \(Self.wrapper):\n\(found.joined(separator: "\n"))")
  }

  @Test func everyFormOfTheImportIsSeen() {
    let planted = [
      "import SwiftUI", "import StoreKit", "  @preconcurrency import Purchasely",
      "import struct StoreKit.Product", "// import StoreKit in a comment", "import StoreKitLike",
    ].joined(separator: "\n")
    #expect(
      Self.storeImports(in: planted) == [
        "import StoreKit", "@preconcurrency import Purchasely", "import struct StoreKit.Product",
      ])
  }
}
