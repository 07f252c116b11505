import Foundation
import Networking
import Testing

/// An error body whose known shape carries one field of an unexpected type (or `null`) still
/// reads as that shape: the odd field is left out, never the whole body.
@Suite struct ErrorBodyLenienceTests {
  @Test func gatewayErrorWithANumericMessageKeepsItsCode() {
    let json = #"{"error":{"code":"API_KEY_INVALID","message":42}}"#
    #expect(APIErrorBody(data: Data(json.utf8)) == .gateway(code: "API_KEY_INVALID", message: ""))
  }

  @Test func serviceErrorWithAMistypedExtraFieldIsStillTheService() {
    let json = #"{"code":404,"msg":"No data available for date: None","data":"oops","error":null}"#
    #expect(
      APIErrorBody(data: Data(json.utf8)) == .service(code: 404, message: "No data available for date: None"))
  }

  @Test func wordPressErrorWithATextStatusHasNoStatus() {
    let json = #"{"code":"rest_no_route","message":"No route was found.","data":{"status":"404"}}"#
    #expect(
      APIErrorBody(data: Data(json.utf8))
        == .wordPress(code: "rest_no_route", message: "No route was found.", status: nil))
  }
}
