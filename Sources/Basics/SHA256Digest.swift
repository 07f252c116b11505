/// Foundation on Linux has no CryptoKit. Names the image tier's files (URLs come from the network,
/// so a name must not be collidable on purpose) and, after the readable key, the JSON cache's.
public struct SHA256Digest: Sendable, Hashable {
  public let bytes: [UInt8]

  public init(hashing message: some Collection<UInt8>) {
    bytes =
      message.withContiguousStorageIfAvailable(Self.digest(of:))
      ?? Array(message).withUnsafeBufferPointer(
        Self.digest(of:))
  }

  public init(hashing text: String) {
    var text = text
    bytes = text.withUTF8(Self.digest(of:))
  }

  /// Every launch checks thousands of cache file names against their key's digest: no heap
  /// allocation but the result's.
  private static func digest(of message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var state = State()
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
        let whole = message.count / 64 * 64
        var offset = 0
        while offset < whole {
          compress(
            UnsafeBufferPointer(rebasing: message[offset..<(offset + 64)]), into: &state, schedule: schedule)
          offset += 64
        }
        // Padding: one 1-bit, zeros up to 56 mod 64, then the message length in bits, big-endian.
        let rest = message.count - whole
        let tailLength = rest < 56 ? 64 : 128
        for index in 0..<rest { tail[index] = message[whole + index] }
        tail[rest] = 0x80
        for index in (rest + 1)..<tailLength { tail[index] = 0 }
        let bitLength = UInt64(message.count) &* 8
        for index in 0..<8 {
          tail[tailLength - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(index * 8))
        }
        let padded = UnsafeBufferPointer(tail)
        compress(UnsafeBufferPointer(rebasing: padded[0..<64]), into: &state, schedule: schedule)
        if tailLength == 128 {
          compress(UnsafeBufferPointer(rebasing: padded[64..<128]), into: &state, schedule: schedule)
        }
      }
    }
    var digest = [UInt8]()
    digest.reserveCapacity(32)
    for word in [state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h] {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return digest
  }

  public var hexString: String {
    String(unsafeUninitializedCapacity: bytes.count * 2) { characters in
      for (index, byte) in bytes.enumerated() {
        characters[index * 2] = Self.hexDigits[Int(byte >> 4)]
        characters[index * 2 + 1] = Self.hexDigits[Int(byte & 0x0F)]
      }
      return bytes.count * 2
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  private struct State {
    var a: UInt32 = 0x6a09_e667
    var b: UInt32 = 0xbb67_ae85
    var c: UInt32 = 0x3c6e_f372
    var d: UInt32 = 0xa54f_f53a
    var e: UInt32 = 0x510e_527f
    var f: UInt32 = 0x9b05_688c
    var g: UInt32 = 0x1f83_d9ab
    var h: UInt32 = 0x5be0_cd19
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// Processes one 64-byte block (FIPS 180-4 §6.2.2).
  private static func compress(
    _ block: UnsafeBufferPointer<UInt8>, into state: inout State,
    schedule w: UnsafeMutableBufferPointer<UInt32>
  ) {
    for t in 0..<16 {
      let i = t * 4
      w[t] =
        UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8
        | UInt32(block[i + 3])
    }
    for t in 16..<64 {
      let s0 = rotateRight(w[t - 15], 7) ^ rotateRight(w[t - 15], 18) ^ (w[t - 15] >> 3)
      let s1 = rotateRight(w[t - 2], 17) ^ rotateRight(w[t - 2], 19) ^ (w[t - 2] >> 10)
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = (state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h)
    roundConstants.withUnsafeBufferPointer { k in
      for t in 0..<64 {
        let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
        let choice = (e & f) ^ (~e & g)
        let temp1 = h &+ sum1 &+ choice &+ k[t] &+ w[t]
        let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        let temp2 = sum0 &+ majority
        h = g
        g = f
        f = e
        e = d &+ temp1
        d = c
        c = b
        b = a
        a = temp1 &+ temp2
      }
    }
    state.a &+= a
    state.b &+= b
    state.c &+= c
    state.d &+= d
    state.e &+= e
    state.f &+= f
    state.g &+= g
    state.h &+= h
  }

  private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
  }
}
