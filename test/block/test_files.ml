(* Nx_array.Block on safetensors files: F8_E8M0 and F6 tensors, gpt-oss
   and ModelOpt checkpoints, read from the files of gen_files.py (written
   by the safetensors package, their values from ml_dtypes, gpt-oss's
   checked against gguf-py) and written back by this library's writer;
   the errors of each call. *)

open Nx_array
open Check

(* files.txt: "KIND NAME HEX..." lines, the exact values as float64 bits. *)
let expected =
  let t = Hashtbl.create 8 in
  In_channel.with_open_text "files.txt" In_channel.input_lines
  |> List.iter (fun line ->
         if line <> "" && line.[0] <> '#' then
           match String.split_on_char ' ' line with
           | kind :: name :: hex ->
               let v = List.map (fun h -> Int64.float_of_bits (Int64.of_string ("0x" ^ h))) hex in
               Hashtbl.replace t (kind, name) (Array.of_list v)
           | _ -> failwith ("files.txt: " ^ line));
  fun kind name -> Hashtbl.find t (kind, name)

let open_file path =
  match Safetensors.map_file path with Ok st -> st | Error e -> failwith e

let file_bytes path = In_channel.with_open_bin path In_channel.input_all

(* NaNs compare equal whatever their bits (the file's expected values
   have one NaN). *)
let same a b = same_float a b || (Float.is_nan a && Float.is_nan b)

(* [a]'s values are [want] stored into [a]'s dtype by the Stores rule
   (the library's cast from float64, which test/array holds to the rule). *)
let check_values what want a =
  let got = to_array (cast Dtype.Float64 a) in
  let dt = dtype a in
  check (Array.length got = Array.length want) "%s: %d values, expected %d" what (Array.length got)
    (Array.length want);
  let want = to_array (cast Dtype.Float64 (cast dt (of_array Dtype.Float64 [| Array.length want |] want))) in
  Array.iteri
    (fun i w ->
      if i < Array.length got then check (same got.(i) w) "%s: value %d is %h, expected %h" what i got.(i) w)
    want

let get_ok = function Ok v -> v | Error m -> failwith m

let mentions_all name msg mentions =
  List.iter
    (fun m ->
      let found =
        let n = String.length m in
        let rec go i = i + n <= String.length msg && (String.sub msg i n = m || go (i + 1)) in
        go 0
      in
      check found "%s: %S does not mention %S" name msg m)
    mentions

(* A reader of a file's tensors refuses with an Error that names what is
   wrong, and not its own function. *)
let errs_naming ~name ~mentions f =
  match f () with
  | Ok _ -> check false "%s: no Error" name
  | Error msg ->
      check (not (String.starts_with ~prefix:"Nx_array." msg)) "%s: %S names the function" name msg;
      mentions_all name msg mentions
  | exception e -> check false "%s: raised %s" name (Printexc.to_string e)

let raises_naming ~name ~fn ~mentions f =
  match f () with
  | _ -> check false "%s: no Invalid_argument" name
  | exception Invalid_argument msg ->
      let prefix = "Nx_array.Block." ^ fn ^ ": " in
      check (String.starts_with ~prefix msg) "%s: %S does not start with %S" name msg prefix;
      mentions_all name msg mentions

let gpt_oss_names = [ ("experts.gate_up_proj", false); ("experts.down_proj", true) ]

let test_gpt_oss () =
  let path = "file_gpt_oss.safetensors" in
  let st = open_file path in
  List.iter
    (fun (name, _) ->
      let want = expected "gpt_oss" name in
      check_values (name ^ " float64") want (get_ok (Block.load_gpt_oss Dtype.Float64 st name));
      check_values (name ^ " bfloat16") want (get_ok (Block.load_gpt_oss Dtype.Bfloat16 st name));
      check_values (name ^ " float16") want (get_ok (Block.load_gpt_oss Dtype.Float16 st name));
      let q = get_ok (Block.get_gpt_oss st name) in
      check (Block.scheme q = Block.Mxfp4) "%s: mxfp4" name)
    gpt_oss_names;
  (* The library's writer lays the same tensors out as the package did. *)
  let tensors =
    List.concat_map
      (fun (name, e8m0) -> Block.gpt_oss_tensors ~e8m0 name (get_ok (Block.get_gpt_oss st name)))
      gpt_oss_names
    @ [ ("experts.bias", Safetensors.get_tensor st "experts.bias") ]
  in
  check (Safetensors.to_string tensors = file_bytes path) "gpt-oss: the writer's bytes are the package's"

let test_modelopt () =
  let path = "file_modelopt.safetensors" in
  let st = open_file path in
  let want = expected "modelopt" "mlp.weight" in
  check_values "modelopt float64" want (get_ok (Block.load_modelopt Dtype.Float64 st "mlp.weight"));
  check_values "modelopt bfloat16" want (get_ok (Block.load_modelopt Dtype.Bfloat16 st "mlp.weight"));
  let q = get_ok (Block.get_modelopt st "mlp.weight") in
  check (Block.dims q = [| 3; 48 |]) "modelopt dims";
  let tensors =
    Block.modelopt_tensors "mlp.weight" q
    @ [ ("mlp.input_scale", Safetensors.get_tensor st "mlp.input_scale") ]
  in
  check (Safetensors.to_string tensors = file_bytes path) "modelopt: the writer's bytes are the package's"

let test_formats () =
  let path = "file_formats.safetensors" in
  let st = open_file path in
  let names = [ ("scales", Block.F8_e8m0); ("e3m2", Block.F6_e3m2); ("e2m3", Block.F6_e2m3) ] in
  List.iter
    (fun (name, f) ->
      let want = expected "decode" name in
      check_values (name ^ " float64") want (get_ok (Block.get_decoded Dtype.Float64 st name));
      check_values (name ^ " float16") want (get_ok (Block.get_decoded Dtype.Float16 st name));
      check_values (name ^ " float8_e4m3fn") want (get_ok (Block.get_decoded Dtype.Float8_e4m3fn st name));
      (* The codes, a byte each, decode one by one to the same values. *)
      let t = Safetensors.get_tensor st name in
      let codes = Block.tensor_codes t in
      check (dims codes = Safetensors.tensor_shape t) "%s: codes' dims" name;
      let one c =
        match f with
        | Block.F8_e8m0 -> Block.E8m0.to_float c
        | Block.F6_e2m3 -> Block.Float6.to_float Block.Float6.E2m3fn c
        | Block.F6_e3m2 -> Block.Float6.to_float Block.Float6.E3m2fn c
      in
      Array.iteri
        (fun i c -> check (same (one c) want.(i)) "%s: code %d of element %d" name c i)
        (to_array codes);
      check
        (Block.file_format_of_string (Block.file_format_to_string f) = Some f)
        "%s: format name" name)
    names;
  (* Stored back from their values, and from their codes. *)
  let back how make =
    let tensors = List.map (fun (name, f) -> (name, make name f)) names in
    check (Safetensors.to_string tensors = file_bytes path) "formats: %s gives the file's bytes" how
  in
  back "encode_tensor" (fun name f -> Block.encode_tensor f (get_ok (Block.get_decoded Dtype.Float64 st name)));
  back "tensor_of_codes" (fun name f ->
      Block.tensor_of_codes f (Block.tensor_codes (Safetensors.get_tensor st name)));
  (* The F6 packing: codes 1, 2, 3, 4 are the stream 000001 000010 000011
     000100 from the low bits: bytes 0x81, 0x30, 0x10. *)
  let t = Block.tensor_of_codes Block.F6_e2m3 (of_array Dtype.Uint8 [| 4 |] [| 1; 2; 3; 4 |]) in
  (match t with
   | Safetensors.Raw r ->
       check (to_array r.data = [| 0x81; 0x30; 0x10 |]) "F6 packing: %s"
         (String.concat " " (List.map (Printf.sprintf "%02x") (Array.to_list (to_array r.data))))
   | Safetensors.Tensor _ -> check false "F6 packing: not Raw");
  (* Stores: each value rounded once, E8M0 to a power of two. *)
  let e8 = Block.encode_tensor Block.F8_e8m0 (of_array Dtype.Float32 [| 4 |] [| 3.; 0.; 1e-40; 6.5 |]) in
  check (to_array (Block.tensor_codes e8) = [| 129; 0xff; Block.E8m0.of_float 1e-40; 130 |]) "E8M0 stores"

(* Quantized weights written by the library's writer and read back. *)
let test_round_trips () =
  let a =
    of_array Dtype.Float32 [| 4; 64 |]
      (Array.init 256 (fun i -> Float.of_int (((i * 7919) mod 211) - 105) /. 37.))
  in
  let read s = match Safetensors.of_string s with Ok st -> st | Error e -> failwith e in
  let q = Block.quantize Block.Mxfp4 a in
  List.iter
    (fun e8m0 ->
      let st = read (Safetensors.to_string (Block.gpt_oss_tensors ~e8m0 "w" q)) in
      let scales = Option.get (Safetensors.find_info st "w_scales") in
      check (scales.dtype = if e8m0 then "F8_E8M0" else "U8") "gpt-oss scales' dtype string";
      check
        (equal (get_ok (Block.load_gpt_oss Dtype.Float32 st "w")) (Block.dequantize Dtype.Float32 q))
        "gpt-oss through a file (e8m0 %b)" e8m0)
    [ false; true ];
  let q = Block.quantize Block.Nvfp4 a in
  let st = read (Safetensors.to_string (Block.modelopt_tensors "w" q)) in
  let q' = get_ok (Block.get_modelopt st "w") in
  check (Block.tensor_scale q' = Block.tensor_scale q) "modelopt tensor scale";
  check
    (equal (get_ok (Block.load_modelopt Dtype.Bfloat16 st "w")) (Block.dequantize Dtype.Bfloat16 q))
    "modelopt through a file";
  (* Rows quantized apart under the whole array's tensor scale: the same
     bytes. *)
  let ts = Block.nvfp4_tensor_scale a in
  check (ts = Block.tensor_scale q) "nvfp4_tensor_scale is quantize's";
  let rows =
    List.init 4 (fun r ->
        let row = of_array Dtype.Float32 [| 1; 64 |] (Array.sub (to_array a) (64 * r) 64) in
        to_string (Block.elements (Block.quantize ~tensor_scale:ts Block.Nvfp4 row)))
  in
  check (String.concat "" rows = to_string (Block.elements q)) "nvfp4 rows apart"

let test_errors () =
  let file tensors =
    match Safetensors.of_string (Safetensors.to_string tensors) with
    | Ok st -> st
    | Error e -> failwith e
  in
  let u8 dims = Safetensors.Tensor (of_array Dtype.Uint8 dims (Array.make (Array.fold_left ( * ) 1 dims) 127)) in
  let t dt dims = Safetensors.Tensor (create dt dims) in
  let e8 dims = Block.tensor_of_codes Block.F8_e8m0 (of_array Dtype.Uint8 dims (Array.make (Array.fold_left ( * ) 1 dims) 127)) in
  let gpt ~name ~mentions tensors =
    let st = file tensors in
    errs_naming ~name ~mentions (fun () -> Block.get_gpt_oss st "w");
    errs_naming ~name:(name ^ " (load)") ~mentions (fun () ->
        Block.load_gpt_oss Dtype.Bfloat16 st "w")
  in
  gpt ~name:"gpt-oss no scales" ~mentions:[ "no tensor"; "\"w_scales\"" ] [ ("w_blocks", u8 [| 2; 16 |]) ];
  gpt ~name:"gpt-oss no blocks" ~mentions:[ "\"w_blocks\"" ] [ ("w_scales", u8 [| 2 |]) ];
  gpt ~name:"gpt-oss I8 scales" ~mentions:[ "\"w_scales\""; "I8"; "U8 or F8_E8M0" ]
    [ ("w_blocks", u8 [| 2; 16 |]); ("w_scales", t Dtype.Int8 [| 2 |]) ];
  gpt ~name:"gpt-oss F8_E4M3 scales" ~mentions:[ "\"w_scales\""; "F8_E4M3" ]
    [ ("w_blocks", u8 [| 2; 16 |]); ("w_scales", t Dtype.Float8_e4m3fn [| 2 |]) ];
  gpt ~name:"gpt-oss F4 blocks" ~mentions:[ "\"w_blocks\""; "F4"; "not U8" ]
    [ ("w_blocks", t Dtype.Float4_e2m1fn [| 2; 32 |]); ("w_scales", u8 [| 2 |]) ];
  gpt ~name:"gpt-oss shapes" ~mentions:[ "\"w_blocks\""; "\"w_scales\""; "[|3|]" ]
    [ ("w_blocks", u8 [| 2; 16 |]); ("w_scales", e8 [| 3 |]) ];
  gpt ~name:"gpt-oss not 16" ~mentions:[ "\"w_blocks\""; "16 bytes" ]
    [ ("w_blocks", u8 [| 2; 8 |]); ("w_scales", u8 [| 2 |]) ];
  let nv ~name ~mentions tensors =
    let st = file tensors in
    errs_naming ~name ~mentions (fun () -> Block.get_modelopt st "w");
    errs_naming ~name:(name ^ " (load)") ~mentions (fun () ->
        Block.load_modelopt Dtype.Float32 st "w")
  in
  let ts x = Safetensors.Tensor (of_array Dtype.Float32 [||] [| x |]) in
  let scale = t Dtype.Float8_e4m3fn [| 2; 2 |] in
  nv ~name:"modelopt no scale_2" ~mentions:[ "\"w_scale_2\"" ] [ ("w", u8 [| 2; 16 |]); ("w_scale", scale) ];
  nv ~name:"modelopt U8 scale" ~mentions:[ "\"w_scale\""; "U8"; "F8_E4M3" ]
    [ ("w", u8 [| 2; 16 |]); ("w_scale", u8 [| 2; 2 |]); ("w_scale_2", ts 1.) ];
  nv ~name:"modelopt F16 scale_2" ~mentions:[ "\"w_scale_2\""; "F16"; "F32" ]
    [ ("w", u8 [| 2; 16 |]); ("w_scale", scale); ("w_scale_2", t Dtype.Float16 [||]) ];
  nv ~name:"modelopt two scale_2" ~mentions:[ "\"w_scale_2\""; "2 elements" ]
    [ ("w", u8 [| 2; 16 |]); ("w_scale", scale); ("w_scale_2", t Dtype.Float32 [| 2 |]) ];
  nv ~name:"modelopt zero scale_2" ~mentions:[ "\"w_scale_2\""; "positive" ]
    [ ("w", u8 [| 2; 16 |]); ("w_scale", scale); ("w_scale_2", ts 0.) ];
  nv ~name:"modelopt shapes" ~mentions:[ "\"w\""; "\"w_scale\"" ]
    [ ("w", u8 [| 2; 8 |]); ("w_scale", scale); ("w_scale_2", ts 1.) ];
  (* E8M0 is never read from U8 by the generic calls, nor other formats. *)
  let st = file [ ("w_scales", u8 [| 2 |]); ("h", t Dtype.Float16 [| 4 |]) ] in
  raises_naming ~name:"decode U8" ~fn:"decode_tensor" ~mentions:[ "U8"; "get_gpt_oss" ] (fun () ->
      Block.decode_tensor Dtype.Float32 (Safetensors.get_tensor st "w_scales"));
  raises_naming ~name:"codes U8" ~fn:"tensor_codes" ~mentions:[ "U8" ] (fun () ->
      Block.tensor_codes (Safetensors.get_tensor st "w_scales"));
  errs_naming ~name:"get_decoded U8" ~mentions:[ "\"w_scales\""; "U8" ] (fun () ->
      Block.get_decoded Dtype.Float32 st "w_scales");
  errs_naming ~name:"get_decoded F16" ~mentions:[ "\"h\""; "F16" ] (fun () ->
      Block.get_decoded Dtype.Float32 st "h");
  errs_naming ~name:"get_decoded missing" ~mentions:[ "no tensor \"x\"" ] (fun () ->
      Block.get_decoded Dtype.Float32 st "x");
  raises_naming ~name:"F6 code 64" ~fn:"tensor_of_codes" ~mentions:[ "64" ] (fun () ->
      Block.tensor_of_codes Block.F6_e3m2 (of_array Dtype.Uint8 [| 4 |] [| 0; 1; 64; 2 |]));
  raises_naming ~name:"F6 six codes" ~fn:"tensor_of_codes" ~mentions:[ "multiple of 4" ] (fun () ->
      Block.tensor_of_codes Block.F6_e3m2 (of_array Dtype.Uint8 [| 6 |] (Array.make 6 0)));
  raises_naming ~name:"F6 six values" ~fn:"encode_tensor" ~mentions:[ "F6_E2M3"; "multiple of 4" ]
    (fun () -> Block.encode_tensor Block.F6_e2m3 (of_array Dtype.Float32 [| 6 |] (Array.make 6 0.)));
  let a = of_array Dtype.Float32 [| 32 |] (Array.make 32 1.) in
  raises_naming ~name:"gpt-oss of nvfp4" ~fn:"gpt_oss_tensors" ~mentions:[ "nvfp4" ] (fun () ->
      Block.gpt_oss_tensors "w" (Block.quantize Block.Nvfp4 a));
  raises_naming ~name:"modelopt of mxfp4" ~fn:"modelopt_tensors" ~mentions:[ "mxfp4" ] (fun () ->
      Block.modelopt_tensors "w" (Block.quantize Block.Mxfp4 a));
  raises_naming ~name:"tensor scale of float8" ~fn:"nvfp4_tensor_scale" ~mentions:[ "float8_e4m3fn" ] (fun () ->
      Block.nvfp4_tensor_scale (of_array Dtype.Float8_e4m3fn [| 2 |] [| 1.; 2. |]))

let () =
  test_gpt_oss ();
  test_modelopt ();
  test_formats ();
  test_round_trips ();
  test_errors ();
  finish "block files"
