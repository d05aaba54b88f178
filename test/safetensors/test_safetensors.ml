(* Nx_array.Safetensors against the reference: files the Python
   safetensors package wrote (gen_files.py) read to its bytes and values,
   written back to the same bytes; its verdicts on a catalogue of edge
   cases; the writer's refusals and its atomic replacement. Writes the
   files check_python.py reads back when python3 has the package. *)

open Nx_array
open Files
module S = Safetensors

let check = Check.check
let pp_shape s = "[" ^ String.concat "," (Array.to_list (Array.map string_of_int s)) ^ "]"

let ok what = function
  | Ok v -> Some v
  | Error m -> check false "%s: %s" what m; None

(* The bytes of a tensor, whatever its dtype. *)
let tensor_bytes = function
  | S.Tensor a -> to_string (of_buffer Dtype.Uint8 [| nbytes_of a |] (buffer a))
  | S.Raw r -> to_string r.data

(* The elements of a float or complex tensor as floats, components apart. *)
let float_values : S.tensor -> float list option = function
  | S.Tensor a -> (
      let xs = Array.to_list (to_array a) in
      match Dtype.kind (dtype a) with
      | Dtype.Float -> Some xs
      | Dtype.Complex -> Some (List.concat_map (fun c -> [ c.Complex.re; c.Complex.im ]) xs)
      | _ -> None)
  | S.Raw _ -> None

let same_float x y =
  (Float.is_nan x && Float.is_nan y) || Int64.equal (Check.bits x) (Check.bits y)

let raises ~name ~substring f =
  match f () with
  | _ -> check false "%s: no Invalid_argument" name
  | exception Invalid_argument m ->
      check
        (String.starts_with ~prefix:"Nx_array.Safetensors." m && contains m substring)
        "%s: message %S does not name the function or say %S" name m substring
  | exception e -> check false "%s: raised %s" name (Printexc.to_string e)

(* expected.txt: what gen_files.py says each file holds. *)
type expected_tensor = {
  name : string;
  dtype : string;
  shape : int array;
  offsets : int * int;
  bytes : string;
}

let expected_tensor = function
  | [ "tensor"; _; name; dtype; shape; b; e; bytes ] ->
      let shape =
        if shape = "-" then [||]
        else Array.of_list (List.map int_of_string (String.split_on_char ',' shape))
      in
      Some
        { name = of_hex name; dtype; shape; offsets = (int_of_string b, int_of_string e);
          bytes = of_hex bytes }
  | _ -> None

(* A file, read: its header, its tensors' bytes, and its float values as
   ml_dtypes and numpy decode them. *)
let check_file ~file ~data_start ~meta ~tensors ~values how st =
  let name = String.escaped in
  check (S.data_start st = data_start) "%s (%s): data_start %d, expected %d" file how
    (S.data_start st) data_start;
  check (Option.value ~default:[] (S.metadata st) = meta) "%s (%s): metadata" file how;
  let infos = S.tensors st in
  check (List.length infos = List.length tensors) "%s (%s): %d tensors, expected %d" file how
    (List.length infos) (List.length tensors);
  List.iter2
    (fun (i : S.info) e ->
      check
        (i.name = e.name && i.dtype = e.dtype && i.shape = e.shape && i.offsets = e.offsets)
        "%s (%s): tensor %s %s %s, expected %s %s %s" file how (name i.name) i.dtype
        (pp_shape i.shape) (name e.name) e.dtype (pp_shape e.shape);
      match S.find_tensor st e.name with
      | None -> check false "%s (%s): no tensor %s" file how (name e.name)
      | Some t ->
          let got = tensor_bytes t in
          check (got = e.bytes) "%s (%s): %s: bytes %s, expected %s" file how (name e.name)
            (hex got) (hex e.bytes);
          check
            (S.tensor_dtype t = e.dtype && S.tensor_shape t = e.shape)
            "%s (%s): %s: tensor dtype and shape" file how (name e.name);
          let is_raw = match t with S.Raw _ -> true | S.Tensor _ -> false in
          check (is_raw = (S.dtype_of_string e.dtype = None)) "%s (%s): %s: Raw iff no dtype"
            file how (name e.name))
    infos tensors;
  List.iter
    (fun (t, want) ->
      match Option.bind (S.find_tensor st t) float_values with
      | Some got ->
          check
            (List.length got = List.length want && List.for_all2 same_float got want)
            "%s (%s): %s: values %s, expected %s" file how (name t)
            (String.concat " " (List.map (Printf.sprintf "%h") got))
            (String.concat " " (List.map (Printf.sprintf "%h") want))
      | None -> check false "%s (%s): %s has no float values" file how (name t))
    values

(* Every file of expected.txt, mapped and from a string. *)
let test_expected () =
  let expected = List.map words (lines "expected.txt") in
  List.iter
    (function
      | [ "file"; file; data_start ] ->
          let mine = List.filter (function _ :: f :: _ -> f = file | _ -> false) expected in
          let tensors = List.filter_map expected_tensor mine in
          let meta =
            List.filter_map
              (function [ "metadata"; _; k; v ] -> Some (of_hex k, of_hex v) | _ -> None)
              mine
          in
          let values =
            List.filter_map
              (function
                | "values" :: _ :: t :: vs -> Some (of_hex t, List.map float_of_string vs)
                | _ -> None)
              mine
          in
          let data_start = int_of_string data_start in
          let check_file = check_file ~file ~data_start ~meta ~tensors ~values in
          Option.iter (check_file "mapped") (ok file (S.map_file file));
          Option.iter (check_file "read") (ok file (S.read_file file));
          Option.iter (check_file "string") (ok file (S.of_string (read file)))
      | _ -> ())
    expected

(* Typed and untyped access, and their refusals. *)
let test_access () =
  match ok "ref_all" (S.map_file "ref_all.safetensors") with
  | None -> ()
  | Some st ->
      let f32 = S.get Dtype.Float32 st "f32" in
      check (dims f32 = [| 3 |]) "get f32: dims";
      check (S.find Dtype.Float32 st "f32" <> None) "find f32";
      check (S.find Dtype.Bfloat16 st "f32" = None) "find f32 as bfloat16";
      check (S.find Dtype.Float32 st "nope" = None) "find nope";
      check (S.find_tensor st "nope" = None && S.find_info st "nope" = None) "find_tensor nope";
      let get_raises name substring f = raises ~name ~substring f in
      get_raises "get wrong dtype" "F32" (fun () -> S.get Dtype.Bfloat16 st "f32");
      get_raises "get absent" "\"nope\"" (fun () -> S.get Dtype.Float32 st "nope");
      get_raises "get_tensor absent" "\"nope\"" (fun () -> S.get_tensor st "nope");
      get_raises "get raw as uint8" "F8_E8M0" (fun () -> S.get Dtype.Uint8 st "e8m0_scales");
      (match S.get_tensor st "e8m0_scales" with
      | S.Raw { dtype = "F8_E8M0"; shape = [| 4 |]; data } ->
          check (dims data = [| 4 |]) "raw: data dims"
      | _ -> check false "e8m0_scales: not a Raw F8_E8M0 [4]");
      let f4 = S.get Dtype.Float4_e2m1fn st "f4" in
      check (dims f4 = [| 2; 6 |] && nbytes_of f4 = 6) "f4: logical shape [2, 6] in 6 bytes";
      (match S.find_info st "f4" with
      | Some i -> check (i.dtype = "F4" && i.shape = [| 2; 6 |]) "find_info f4"
      | None -> check false "find_info f4");
      (* The tensors share the mapping: no copy, and the file unchanged. *)
      let a = S.get Dtype.Float32 st "f32" and b = S.get Dtype.Float32 st "f32" in
      set a [| 0 |] 42.;
      check (get b [| 0 |] = 42.) "two gets share the mapped bytes";
      let again = Result.get_ok (S.map_file "ref_all.safetensors") in
      check (get (S.get Dtype.Float32 again "f32") [| 0 |] <> 42.)
        "writing a tensor does not write the file"

let some_bytes dt n seed =
  String.init (Dtype.bytes dt n) (fun i -> Char.chr (((i * seed) + 11) land 0xff))

(* Each dtype with a string, written and read back; the strings. *)
let test_dtypes () =
  check (List.length S.dtype_strings = 22) "22 dtype strings";
  List.iter
    (fun (Dtype.Any dt) ->
      let name = Dtype.name dt in
      match S.dtype_to_string dt with
      | None ->
          check (List.mem name [ "int4"; "uint4"; "complex128"; "bit" ]) "%s has no string" name;
          let a = S.Tensor (create dt [| 2 |]) in
          raises ~name:("write " ^ name) ~substring:name (fun () -> S.to_string [ ("x", a) ])
      | Some s ->
          (match S.dtype_of_string s with
          | Some (Dtype.Any d) -> check (Dtype.equal d dt) "%s: string %s maps back" name s
          | None -> check false "%s: %s has no dtype" name s);
          check (S.dtype_string_bits s = Some (Dtype.bits dt)) "%s: bits" s;
          let a = of_string dt [| 2; 3 |] (some_bytes dt 6 37) in
          let file = S.to_string ~metadata:[ ("k", "v") ] [ ("t", S.Tensor a) ] in
          Option.iter
            (fun st -> check (equal (S.get dt st "t") a) "%s: written and read back" s)
            (ok s (S.of_string file)))
    Dtype.all;
  List.iter
    (fun s -> check (S.dtype_of_string s = None) "%s: no dtype" s)
    [ "F6_E2M3"; "F6_E3M2"; "F8_E8M0"; "F8_E4M3FNUZ"; "F8_E5M2FNUZ"; "X8"; "bf16" ];
  check
    (S.dtype_string_bits "F6_E3M2" = Some 6 && S.dtype_string_bits "F4" = Some 4
    && S.dtype_string_bits "x" = None)
    "bits of F6, F4"

(* F4: element 2i in the low nibble, as PyTorch's float4_e2m1fn_x2. *)
let test_f4_packing () =
  let a = of_array Dtype.Float4_e2m1fn [| 4 |] [| 0.5; 1.; 6.; -0.5 |] in
  let file = S.to_string [ ("w", S.Tensor a) ] in
  let data = String.sub file (String.length file - 2) 2 in
  check (data = "\x21\x97") "F4 [0.5; 1; 6; -0.5]: bytes %s, expected 2197" (hex data);
  let st = Result.get_ok (S.of_string file) in
  check ((Option.get (S.find_info st "w")).shape = [| 4 |]) "F4: the header counts elements";
  raises ~name:"odd F4" ~substring:"3 elements of 4 bits" (fun () ->
      S.to_string [ ("w", S.Tensor (create Dtype.Float4_e2m1fn [| 3 |])) ])

(* No tensor and empty metadata: valid JSON, where the reference writes
   `{},"__metadata__":{}}`. *)
let test_empty_metadata () =
  let file = S.to_string ~metadata:[] [] in
  check (String.sub file 8 (String.length file - 8) = "{\"__metadata__\":{}}     ")
    "empty metadata: %S" file;
  check
    (match S.of_string file with Ok st -> S.metadata st = Some [] | Error _ -> false)
    "empty metadata read back"

let all_tensors st = List.map (fun (i : S.info) -> (i.name, S.get_tensor st i.name)) (S.tensors st)

(* Files of the reference written back: the same bytes. *)
let test_rewrite dir =
  List.iter
    (fun file ->
      match ok file (S.map_file file) with
      | None -> ()
      | Some st ->
          let tensors = List.rev (all_tensors st) and metadata = S.metadata st in
          let want = read file in
          check (S.to_string ?metadata tensors = want) "%s: to_string differs from the file" file;
          let out = Filename.concat dir file in
          (match S.write_file ?metadata out tensors with
          | Ok () -> check (read out = want) "%s: write_file differs from the file" file
          | Error m -> check false "%s: %s" file m))
    [ "ref_all.safetensors"; "ref_meta_escapes.safetensors"; "ref_empty.safetensors" ]

(* Tensors at odd addresses: elements, conversions, views; written again
   in the reference's layout. *)
let test_misaligned dir =
  match ok "ref_misaligned" (S.map_file "ref_misaligned.safetensors") with
  | None -> ()
  | Some st ->
      let i = Option.get (S.find_info st "b_f32") in
      check ((S.data_start st + fst i.offsets) mod 4 <> 0) "b_f32 is misaligned";
      let a = S.get Dtype.Float32 st "b_f32" in
      let bytes = tensor_bytes (S.Tensor a) in
      let want = Array.init 3 (fun i -> Int32.float_of_bits (String.get_int32_le bytes (4 * i))) in
      let same what got = check (Array.for_all2 same_float got want) "misaligned f32: %s" what in
      same "elements" (to_array a);
      same "cast to float64" (to_array (cast Dtype.Float64 a));
      let ba = to_bigarray Bigarray.float32 a in
      same "to_bigarray" (Array.init 3 (fun i -> Bigarray.Genarray.get ba [| i |]));
      let bf = create Dtype.Bfloat16 [| 3 |] in
      cast_into a bf;
      check
        (Array.for_all2 same_float (to_array bf) (Array.map (Dtype.of_float Dtype.Bfloat16) want))
        "misaligned f32: cast_into bfloat16";
      let c = S.get Dtype.Bfloat16 st "c_bf16" in
      check (equal (cast Dtype.Bfloat16 (cast Dtype.Float32 c)) c) "misaligned bf16: round trip";
      let tensors = all_tensors st in
      let out = Filename.concat dir "misaligned.safetensors" in
      match Result.bind (S.write_file out tensors) (fun () -> S.map_file out) with
      | Error m -> check false "misaligned rewritten: %s" m
      | Ok st' ->
          let order = List.map (fun (i : S.info) -> i.name) (S.tensors st') in
          check
            (order
            = [ "e_f64"; "f_c64"; "b_f32"; "c_bf16"; "i_i16"; "a_u8"; "d_u8"; "h_f6_e3m2";
                "g_f6_e2m3" ])
            "misaligned rewritten: order %s" (String.concat " " order);
          List.iter
            (fun (name, t) ->
              let t' = S.get_tensor st' name in
              check
                (tensor_bytes t = tensor_bytes t'
                && S.tensor_dtype t = S.tensor_dtype t'
                && S.tensor_shape t = S.tensor_shape t')
                "misaligned rewritten: %s" name)
            tensors

(* The catalogue: the reference's verdict, but for the differences the
   interface documents; each refusal says what is wrong. *)
let differences =
  [ "duplicate_tensor_same"; "duplicate_metadata_key"; "shape_huge_dim_zero";
    "shape_int_overflow_then_zero" ]

let messages =
  [ ("empty_file", "0 bytes, too few"); ("short_length", "3 bytes, too few");
    ("header_past_end", "goes past the end"); ("header_too_large", "larger than 100000000");
    ("header_huge", "18446744073709551615 is larger");
    ("header_empty", "where a value is expected"); ("not_json", "end of header");
    ("not_object", "not a JSON object"); ("bad_utf8_name", "invalid UTF-8 at byte 2");
    ("overlong_utf8", "invalid UTF-8"); ("surrogate_utf8", "invalid UTF-8");
    ("lone_high_surrogate", "lone high surrogate"); ("lone_low_surrogate", "lone low surrogate");
    ("control_in_string", "control character"); ("bad_escape", "invalid escape");
    ("trailing_comma", "trailing comma"); ("trailing_garbage", "'x' after the value");
    ("trailing_nul", "after the value"); ("leading_form_feed", "where a value is expected");
    ("byte_order_mark", "where a value is expected"); ("comment", "'/' where");
    ("single_quotes", "where '\"' is expected"); ("nan", "'N' where a value");
    ("deep_nesting", "nested deeper than 127"); ("duplicate_field", "has \"dtype\" twice");
    ("missing_dtype", "has no \"dtype\""); ("missing_shape", "has no \"shape\"");
    ("missing_offsets", "has no \"data_offsets\"");
    ("duplicate_tensor_same", "tensor \"a\" appears twice");
    ("duplicate_tensor", "tensor \"a\" appears twice");
    ("duplicate_metadata", "__metadata__ appears twice");
    ("duplicate_metadata_key", "\"k\" appears twice"); ("metadata_number", "not a string");
    ("metadata_null_value", "not a string"); ("metadata_object_value", "not a string");
    ("metadata_array", "not an object of strings");
    ("metadata_string", "not an object of strings"); ("tensor_number", "not an object");
    ("tensor_null", "not an object"); ("unknown_dtype", "unknown dtype \"X8\"");
    ("lowercase_dtype", "unknown dtype \"u8\""); ("dtype_number", "dtype is not a string");
    ("shape_null", "shape: not an array"); ("shape_float", "2.0 is not a natural integer");
    ("shape_exponent", "2e0 is not a natural"); ("shape_negative", "-2 is not a natural");
    ("shape_minus_zero", "-0 is not a natural"); ("shape_leading_zero", "leading zero");
    ("shape_string", "shape: not a number"); ("offsets_three", "[0, 2, 2] are not two numbers");
    ("offsets_one", "[2] are not two numbers"); ("offsets_float", "2.0 is not a natural");
    ("offsets_huge", "18446744073709551616 is larger than max_int");
    ("hole", "leave a hole: no tensor has bytes [1, 2)");
    ("hole_at_start", "no tensor has bytes [0, 1)");
    ("overlap", "overlap another tensor's bytes, which end at 2"); ("same_begin", "overlap");
    ("end_before_begin", "end before they begin");
    ("bytes_off_by_one", "hold 15 bytes, I32 [2, 2] needs 16");
    ("bytes_one_more", "hold 17 bytes");
    ("f4_odd", "3 elements of 4 bits do not fill whole bytes");
    ("f6_two", "2 elements of 6 bits");
    ("data_missing_byte", "15 bytes, but the tensors end at byte 16");
    ("data_trailing_bytes", "(trailing bytes)"); ("data_empty_trailing", "(trailing bytes)");
    ("shape_overflow", "larger than max_int"); ("shape_bits_overflow", "larger than max_int");
    ("shape_overflow_then_zero", "overflows an int");
    ("shape_huge_dim_zero", "larger than max_int");
    ("shape_int_overflow_then_zero", "overflows an int"); ("n_huge", "larger than max_int");
    ("true_literal_bad", "invalid literal"); ("unterminated_string", "unterminated string");
    ("number_trailing_dot", "a digit is expected"); ("number_plus", "'+' where a value");
    ("number_exp_no_digits", "a digit is expected"); ("number_big_ignored", "number out of range") ]

let test_catalogue () =
  List.iter
    (fun l ->
      match words l with
      | name :: verdict :: data :: _ -> (
          let accept = verdict = "accepted" && not (List.mem name differences) in
          match (S.of_string (of_hex data), accept) with
          | Ok _, true -> check true ""
          | Ok _, false -> check false "%s: read, the reference refuses it" name
          | Error m, false -> (
              match List.assoc_opt name messages with
              | Some sub -> check (contains m sub) "%s: message %S does not say %S" name m sub
              | None -> check false "%s: no expected message (%s)" name m)
          | Error m, true -> check false "%s: refused (%s), the reference reads it" name m)
      | _ -> check false "malformed.txt: bad line %s" l)
    (lines "malformed.txt")

let to_string_any = function
  | S.Tensor a -> to_string a
  | S.Raw r -> to_string r.data

(* read_file and map_file agree on every file of the catalogue, written
   to disk: the same tensors, bytes and metadata, or the same error. *)
let test_read_file dir =
  let file = Filename.concat dir "catalogue.safetensors" in
  let summary st =
    ( S.metadata st,
      List.map
        (fun (i : S.info) -> (i, to_string_any (S.get_tensor st i.name)))
        (S.tensors st) )
  in
  List.iter
    (fun l ->
      match words l with
      | name :: _ :: data :: _ ->
          Out_channel.with_open_bin file (fun oc -> output_string oc (of_hex data));
          let agree =
            match (S.map_file file, S.read_file file) with
            | Ok a, Ok b -> summary a = summary b
            | Error a, Error b -> a = b
            | _ -> false
          in
          check agree "%s: read_file and map_file disagree" name
      | _ -> ())
    (lines "malformed.txt");
  (* A file that is not regular is refused as map_file refuses it. *)
  check
    (match (S.read_file dir, S.map_file dir) with Error a, Error b -> a = b | _ -> false)
    "read_file of a directory";
  Sys.remove file

(* What the writer refuses, each before it writes anything. *)
let test_refusals dir =
  let t = S.Tensor (of_array Dtype.Float32 [| 2 |] [| 1.; 2. |]) in
  let refused ?metadata name substring tensors =
    raises ~name:("to_string: " ^ name) ~substring (fun () -> S.to_string ?metadata tensors)
  in
  refused "duplicate" "\"w\" appears twice" [ ("w", t); ("w", t) ];
  refused "__metadata__" "cannot be named __metadata__" [ ("__metadata__", t) ];
  refused "bad UTF-8" "not UTF-8" [ ("\xff", t) ];
  refused ~metadata:[ ("k", "a"); ("k", "b") ] "metadata twice" "\"k\" appears twice" [ ("w", t) ];
  refused ~metadata:[ ("k", "\xc0\x80") ] "metadata value UTF-8" "not UTF-8" [ ("w", t) ];
  refused ~metadata:[ ("\xc0", "v") ] "metadata name UTF-8" "not UTF-8" [ ("w", t) ];
  let raw dtype shape n = S.Raw { dtype; shape; data = create Dtype.Uint8 [| n |] } in
  refused "raw dtype" "\"X8\" is not a safetensors dtype" [ ("w", raw "X8" [| 2 |] 2) ];
  refused "raw bytes" "needs 2 bytes, the data has 3" [ ("w", raw "F8_E8M0" [| 2 |] 3) ];
  refused "raw F6 bits" "2 elements of 6 bits" [ ("w", raw "F6_E2M3" [| 2 |] 2) ];
  refused "header too large" "more than 100000000"
    ~metadata:[ ("k", String.make 100_000_000 'x') ] [];
  check
    (Result.is_ok (S.of_string (S.to_string [ ("w", raw "F6_E2M3" [| 4 |] 3) ])))
    "raw F6 of 4 elements";
  (* Streams that lie about their bytes, or fail: nothing left behind. *)
  let out = Filename.concat dir "streams.safetensors" in
  let before = S.to_string [ ("old", t) ] in
  Out_channel.with_open_bin out (fun oc -> output_string oc before);
  let entries () = Array.length (Sys.readdir dir) in
  let n0 = entries () in
  let stream k =
    let write emit = emit (buffer (create Dtype.Uint8 [| k |])) in
    { S.name = "s"; dtype = "F32"; shape = [| 2 |]; write }
  in
  let lies name substring k =
    raises ~name ~substring (fun () -> S.write_streams out [ stream k ])
  in
  lies "stream short" "gives 4 bytes, not 8" 4;
  lies "stream long" "more than its 8 bytes" 9;
  (match S.write_streams out [ { (stream 8) with write = (fun _ -> raise Exit) } ] with
  | _ -> check false "stream raising: no exception"
  | exception Exit -> check true "");
  check (read out = before && entries () = n0) "failed writes leave the file and no temporary file";
  match S.write_streams out [ stream 8 ] with
  | Ok () -> check (Result.is_ok (S.map_file out)) "stream of 8 bytes"
  | Error m -> check false "stream: %s" m

let error_starts path = function
  | Error m -> check (String.starts_with ~prefix:path m) "error %S does not start with %s" m path
  | Ok () -> check false "%s: written" path

(* Where the writer writes: atomic replacement, permissions, links,
   devices, errors. *)
let test_targets dir =
  let t = S.Tensor (of_array Dtype.Bfloat16 [| 2 |] [| 1.; 2. |]) in
  let bytes = S.to_string [ ("w", t) ] in
  let p = Filename.concat dir "new.safetensors" in
  (match S.write_file p [ ("w", t) ] with
  | Ok () ->
      let umask = Unix.umask 0 in
      ignore (Unix.umask umask);
      check ((Unix.stat p).st_perm = 0o666 land lnot umask) "new file: permissions by the umask";
      check (read p = bytes) "new file: bytes"
  | Error m -> check false "new file: %s" m);
  Unix.chmod p 0o600;
  ignore (S.write_file p [ ("w", t); ("v", t) ]);
  check ((Unix.stat p).st_perm = 0o600) "replaced file: keeps its permissions";
  let link = Filename.concat dir "link.safetensors" in
  Unix.symlink "new.safetensors" link;
  (match S.write_file link [ ("w", t) ] with
  | Ok () ->
      check ((Unix.lstat link).st_kind = Unix.S_LNK) "a link stays a link";
      check (read p = bytes) "the link's file is replaced"
  | Error m -> check false "link: %s" m);
  let dangling = Filename.concat dir "dangling.safetensors" in
  Unix.symlink "nowhere/x" dangling;
  error_starts dangling (S.write_file dangling [ ("w", t) ]);
  error_starts dir (S.write_file dir [ ("w", t) ]);
  let missing = Filename.concat dir "no/such/dir.safetensors" in
  error_starts missing (S.write_file missing [ ("w", t) ]);
  (match S.write_file "/dev/null" [ ("w", t) ] with
  | Ok () -> check ((Unix.stat "/dev/null").st_kind = Unix.S_CHR) "/dev/null written in place"
  | Error m -> check false "/dev/null: %s" m);
  (* The tensors of a mapped file written over that file. *)
  let w = S.get_tensor (Result.get_ok (S.map_file p)) "w" in
  (match Result.bind (S.write_file p [ ("w", w); ("w2", w) ]) (fun () -> S.map_file p) with
  | Ok st -> check (tensor_bytes (S.get_tensor st "w2") = tensor_bytes t) "over its own mapping"
  | Error m -> check false "over its own mapping: %s" m);
  List.iter
    (fun bad ->
      match S.map_file bad with
      | Ok _ -> check false "%s: mapped" bad
      | Error m -> check (String.starts_with ~prefix:bad m) "map_file %s: %s" bad m)
    [ dir; Filename.concat dir "absent"; "/dev/null" ];
  check
    (Array.for_all (fun f -> not (Filename.check_suffix f ".tmp")) (Sys.readdir dir))
    "no temporary file left"

(* A file for check_python.py: every dtype string this library writes,
   raw tensors, metadata with escapes; and what it holds. *)
let write_for_python () =
  let raw dtype shape data =
    S.Raw { dtype; shape; data = of_string Dtype.Uint8 [| String.length data |] data }
  in
  let tensors =
    List.filter_map
      (fun (Dtype.Any dt) ->
        Option.map
          (fun s ->
            let a = of_string dt [| 3; 2 |] (some_bytes dt 6 73) in
            ("t_" ^ String.lowercase_ascii s, S.Tensor a))
          (S.dtype_to_string dt))
      Dtype.all
    @ [ ("e8m0", raw "F8_E8M0" [| 5 |] "\x00\x7f\x80\xfe\xff");
        ("fnuz", raw "F8_E4M3FNUZ" [| 1; 2 |] "\x80\x01");
        ("f6", raw "F6_E3M2" [| 4 |] "\x01\x02\x03");
        ("\xc3\xa9\"\\\n\x01", S.Tensor (of_array Dtype.Int8 [| 1 |] [| -3 |]));
        ("scalar", S.Tensor (of_array Dtype.Float64 [||] [| Float.pi |])) ]
  in
  let note = "\xc3\xa9\t\"x\"" in
  (match S.write_file ~metadata:[ ("note", note) ] "ocaml_written.safetensors" tensors with
  | Ok () -> ()
  | Error m -> check false "ocaml_written: %s" m);
  Out_channel.with_open_bin "ocaml_written.txt" (fun oc ->
      Printf.fprintf oc "metadata %s %s\n" (hex "note") (hex note);
      List.iter
        (fun (name, t) ->
          let shape = S.tensor_shape t in
          let shape =
            if shape = [||] then "-"
            else String.concat "," (List.map string_of_int (Array.to_list shape))
          in
          Printf.fprintf oc "tensor %s %s %s %s\n" (hex name) (S.tensor_dtype t) shape
            (hex (tensor_bytes t)))
        tensors)

(* Another format's file says which it is (its header length alone
   said "larger than 100000000 bytes"). *)
let test_other_formats () =
  let npz = "PK\x03\x04\x2d\x00\x00\x00" ^ String.make 100 '\000' in
  List.iter
    (fun (name, s, says) ->
      match Safetensors.of_string s with
      | Ok _ -> check false "%s: read as safetensors" name
      | Error m -> check (contains m says) "%s: %S does not say %S" name m says)
    [ ("npz", npz, "not a safetensors file: it begins as a zip archive");
      ("npy", "\x93NUMPY\x01\x00v\x00{'descr'" ^ String.make 100 ' ', "a numpy .npy file");
      ("gguf", "GGUF\x03\x00\x00\x00" ^ String.make 100 '\000', "a GGUF file");
      ("short npz", "PK\x05\x06", "zip archive");
      ("plain", "\xff\xff\xff\xff\xff\xff\xff\x7f", "larger than") ]

(* get_as and get_bigarray: any float tensor in the dtype asked, each
   value rounded once; other tensors refused by name. *)
let test_get_as () =
  let xs = [| 1. +. 0x1p-8 +. 0x1p-40; -3.75; 1e30; 0x1p-130 |] in
  let f64 = of_array Dtype.Float64 [| 2; 2 |] xs in
  let bf = cast Dtype.Bfloat16 f64 in
  let st =
    Result.get_ok
      (Safetensors.of_string
         (Safetensors.to_string
            [ ("f64", Safetensors.Tensor f64); ("bf", Safetensors.Tensor bf);
              ("i", Safetensors.Tensor (of_array Dtype.Int32 [| 1 |] [| 7l |])) ]))
  in
  (match Safetensors.get_as Dtype.Bfloat16 st "f64" with
   | Ok a ->
       check (dims a = [| 2; 2 |]) "f64 as bfloat16: dims";
       Array.iteri
         (fun i x ->
           let want = Dtype.of_float Dtype.Bfloat16 x in
           check (Int64.equal (Int64.bits_of_float (to_array a).(i)) (Int64.bits_of_float want))
             "f64 %h as bfloat16: %h, once-rounded %h" x (to_array a).(i) want)
         xs
   | Error m -> check false "get_as f64: %s" m);
  (match Safetensors.get_as Dtype.Float32 st "bf" with
   | Ok a -> check (to_array a = Array.map (Dtype.of_float Dtype.Bfloat16) xs) "bf16 as float32: exact"
   | Error m -> check false "get_as bf: %s" m);
  (match Safetensors.get_as Dtype.Bfloat16 st "bf" with
   | Ok a -> check (equal a bf) "bf16 as bfloat16: the same values"
   | Error m -> check false "get_as bf as bf: %s" m);
  (match Safetensors.get_bigarray Bigarray.float32 st "bf" with
   | Ok b -> check (Bigarray.Genarray.get b [| 0; 1 |] = -3.75) "bf16 as a float32 bigarray"
   | Error m -> check false "get_bigarray: %s" m);
  (match Safetensors.get_as Dtype.Float32 st "i" with
   | Ok _ -> check false "get_as of an I32 tensor: read"
   | Error m -> check (contains m "not a float tensor") "get_as I32: %S" m);
  match Safetensors.get_as Dtype.Float32 st "nope" with
  | Ok _ -> check false "get_as of no tensor: read"
  | Error m -> check (contains m "no tensor") "get_as none: %S" m

let () =
  let dir = Filename.temp_dir ~temp_dir:(Sys.getcwd ()) "safetensors" "" in
  test_expected ();
  test_access ();
  test_dtypes ();
  test_f4_packing ();
  test_empty_metadata ();
  test_rewrite dir;
  test_misaligned dir;
  test_catalogue ();
  test_read_file dir;
  test_refusals dir;
  test_targets dir;
  write_for_python ();
  Array.iter (fun f -> Sys.remove (Filename.concat dir f)) (Sys.readdir dir);
  Sys.rmdir dir;
  test_other_formats ();
  test_get_as ();
  Check.finish "safetensors"
