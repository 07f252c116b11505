#if canImport(StoreKit)
  import Monetization
  import StoreKit

  public struct StoreKitEntitlements: StoreEntitlementsSource {
    public init() {}

    public func currentEntitlements() async -> [VerificationResultSnapshot<TransactionSnapshot>] {
      var entitlements: [VerificationResultSnapshot<TransactionSnapshot>] = []
      for await result in Transaction.currentEntitlements {
        entitlements.append(StoreKitMapping.snapshot(result))
      }
      return entitlements
    }

    /// The levels need `Product.products(for:)`; when that fails the statuses are still returned,
    /// without levels.
    public func subscriptionStatuses(
      groupID: String
    ) async throws(StoreReadError) -> [SubscriptionStatusSnapshot] {
      let statuses: [Product.SubscriptionInfo.Status]
      do {
        statuses = try await Product.SubscriptionInfo.status(for: groupID)
      } catch {
        throw StoreKitMapping.readError(from: error)
      }
      let productIDs = Set(statuses.map { $0.transaction.unsafePayloadValue.productID })
      let levels = await Self.groupLevels(of: productIDs)
      return statuses.map { status in
        StoreKitMapping.snapshot(
          of: status, groupLevel: levels[status.transaction.unsafePayloadValue.productID])
      }
    }

    private static func groupLevels(of productIDs: Set<String>) async -> [String: Int] {
      guard !productIDs.isEmpty, let products = try? await Product.products(for: productIDs) else {
        return [:]
      }
      var levels: [String: Int] = [:]
      for product in products {
        if let subscription = product.subscription { levels[product.id] = subscription.groupLevel }
      }
      return levels
    }
  }

  public struct StoreKitAppTransactions: AppTransactionSource {
    public init() {}

    public func appTransaction()
      async throws(StoreReadError) -> VerificationResultSnapshot<AppTransactionSnapshot>
    {
      do {
        let result = try await AppTransaction.shared
        return StoreKitMapping.snapshot(result, StoreKitMapping.snapshot(of:))
      } catch {
        throw StoreKitMapping.readError(from: error)
      }
    }

    /// `AppTransaction.refresh()` (iOS 16+): a newly signed app transaction from the App Store.
    /// It shows an App Store sign-in; Core calls it once, on Restore only.
    public func refreshAppTransaction()
      async throws(StoreReadError) -> VerificationResultSnapshot<AppTransactionSnapshot>
    {
      do {
        let result = try await AppTransaction.refresh()
        return StoreKitMapping.snapshot(result, StoreKitMapping.snapshot(of:))
      } catch {
        throw StoreKitMapping.readError(from: error)
      }
    }
  }
#endif
