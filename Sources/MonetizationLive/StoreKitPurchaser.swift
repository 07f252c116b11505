#if canImport(StoreKit)
  import Monetization
  import StoreKit

  /// Core's `Purchaser` over StoreKit 2, for Observer mode, where Spacer buys and finishes.
  ///
  /// It reports StoreKit's answers unchanged (unverified ones included) and makes no decision:
  /// `ObserverPurchaseCoordinator` grants, syncs and then asks to finish. Finishing needs the
  /// `Transaction` value, so the actor keeps every verified transaction it hands out, by id, until
  /// Core finishes it; a transaction it no longer holds is looked up in `Transaction.unfinished`.
  /// In Full mode Core only reads `transactionUpdates()`: it never buys, restores or finishes
  /// (rule F1).
  public actor StoreKitPurchaser: Purchaser {
    /// Verified transactions handed to Core and not finished yet.
    private var unfinished: [UInt64: Transaction] = [:]
    private var listener: Task<Void, Never>?

    public init() {}

    /// `Product.products(for:)` then `product.purchase()`. Thrown errors become `.failed`.
    public func purchase(productID: String) async -> PurchaseResult {
      let product: Product
      do {
        guard let found = try await Product.products(for: [productID]).first(where: { $0.id == productID })
        else { return .failed(.productNotFound) }
        product = found
      } catch {
        return .failed(StoreKitMapping.purchaseFailure(from: error))
      }
      let result: Product.PurchaseResult
      do {
        // `purchase(options:)` is main-actor isolated in the SDK; `Product` and its result are
        // `Sendable`, so the hop carries no SDK object across isolation unsafely.
        result = try await product.purchase()
      } catch {
        return .failed(StoreKitMapping.purchaseFailure(from: error))
      }
      switch result {
      case .success(let verification):
        if case .verified(let transaction) = verification { unfinished[transaction.id] = transaction }
        return .purchased(StoreKitMapping.snapshot(verification))
      case .userCancelled:
        return .cancelled
      case .pending:
        return .pending
      @unknown default:
        return .failed(.unknown)
      }
    }

    /// `AppStore.sync()`: only on an explicit tap, it may show a sign-in prompt (rule P9).
    public func restore() async throws(PurchaseFailure) {
      do {
        try await AppStore.sync()
      } catch {
        throw StoreKitMapping.purchaseFailure(from: error)
      }
    }

    /// `Transaction.updates` as Core snapshots, from one listener task (rule P1). A second call
    /// replaces the first listener, so there is never more than one. The listener stops when the
    /// stream's consumer goes away.
    public func transactionUpdates() async -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>> {
      listener?.cancel()
      let (stream, continuation) = AsyncStream.makeStream(
        of: VerificationResultSnapshot<TransactionSnapshot>.self)
      let task = Task { [weak self] in
        // `Transaction.Transactions` and `VerificationResult<Transaction>` are `Sendable`.
        for await update in Transaction.updates {
          if case .verified(let transaction) = update { await self?.keep(transaction) }
          continuation.yield(StoreKitMapping.snapshot(update))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
      listener = task
      return stream
    }

    /// Finishes the transaction with this id, once. Unverified transactions are never handed to
    /// Core as finishable, so only verified ones are looked up.
    public func finish(transactionID: UInt64) async {
      if let transaction = unfinished.removeValue(forKey: transactionID) {
        await transaction.finish()
        return
      }
      for await result in Transaction.unfinished {
        if case .verified(let transaction) = result, transaction.id == transactionID {
          await transaction.finish()
          return
        }
      }
    }

    private func keep(_ transaction: Transaction) {
      unfinished[transaction.id] = transaction
    }
  }
#endif
