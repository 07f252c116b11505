#if canImport(CloudKit)
  import CloudKit
  import Favorites

  /// An error reads as "could not determine": favorites stay on this device for this launch.
  public enum CloudAccount {
    public static func state(container identifier: String) async -> CloudAccountState {
      await withCheckedContinuation { (continuation: CheckedContinuation<CloudAccountState, Never>) in
        CKContainer(identifier: identifier).accountStatus { status, error in
          continuation.resume(returning: error == nil ? Self.state(status) : .couldNotDetermine)
        }
      }
    }

    static func state(_ status: CKAccountStatus) -> CloudAccountState {
      switch status {
      case .available: .available
      case .noAccount: .noAccount
      case .restricted: .restricted
      case .temporarilyUnavailable: .temporarilyUnavailable
      case .couldNotDetermine: .couldNotDetermine
      @unknown default: .couldNotDetermine
      }
    }
  }
#endif
