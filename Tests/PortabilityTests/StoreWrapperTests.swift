import Foundation
import Testing

/// The product's rule: Purchasely and StoreKit sit behind one small wrapper, `MonetizationLive`;
/// nothing else imports them (the review prompt's SwiftUI action included).
@Suite("Only MonetizationLive imports StoreKit or Purchasely")
struct StoreWrapperTests {
  static let wrapper = "Sources/MonetizationLive"
  static let storeModules: Set = ["StoreKit", "_StoreKit_SwiftUI", "StoreKitTest", "Purchasely"]

  /// Read with the manifest check's import reader (its own test covers attributes, kinds, comments).
  static func storeImports(in text: String) -> [String] {
    Manifest.Target.imports(in: text).filter(storeModules.contains)
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
          found += imports.map { "\(folder)/\(file.path): import \($0)" }
        }
      }
    }
    #expect(wrapperImports >= 2, "the scan found no import in the wrapper itself: it lost them")
    #expect(found.isEmpty, "outside \(Self.wrapper):\n\(found.joined(separator: "\n"))")
  }

  @Test func onlyTheStoresModulesCount() {
    let planted = [
      "import SwiftUI", "import StoreKit", "  @preconcurrency import Purchasely",
      "import struct StoreKit.Product", "import StoreKitLike", "import _StoreKit_SwiftUI",
    ].joined(separator: "\n")
    #expect(Self.storeImports(in: planted) == ["StoreKit", "Purchasely", "StoreKit", "_StoreKit_SwiftUI"])
  }
}
