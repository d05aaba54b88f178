(* The catalogue of malformed GGUF files: each case a name, how its bytes
   are made from a small valid file (one key, one F32 tensor of 8 values)
   by one edit, and the fragment its error holds, or [None] for a file
   read. Each is read from a string, and written to a file and read by
   map_file and read_file, whose errors start with the file's path; no
   case raises. *)

open Nx_array
module G = Gguf

let check = Check.check

let le64 n = String.init 8 (fun i -> Char.chr ((n lsr (8 * i)) land 255))
let le64L n = String.init 8 (fun i -> Char.chr (Int64.to_int (Int64.logand (Int64.shift_right_logical n (8 * i)) 255L)))
let le32 n = String.sub (le64 n) 0 4
let str s = le64 (String.length s) ^ s

(* A key-value: its key, value type code and value's bytes. *)
let kv key ty v = str key ^ le32 ty ^ v

(* A tensor info: name, ne (ggml's order), ggml type, offset. *)
let info name ne ty off =
  str name ^ le32 (List.length ne) ^ String.concat "" (List.map le64 ne) ^ le32 ty ^ le64 off

(* A one-dimensional (or, [ne] the bytes of two, two-dimensional) F32
   tensor info of raw dimension bytes; one of raw offset bytes. *)
let info_big name ne off =
  str name ^ le32 (String.length ne / 8) ^ ne ^ le32 0 ^ le64 off
let info_off name off = str name ^ le32 1 ^ le64 8 ^ le32 0 ^ off

(* A file: the header (counts given, else those of [kvs] and [infos]),
   the key-values, the infos, zeros to [align], then [data]. *)
let file ?(magic = "GGUF") ?(version = le32 3) ?n_tensors ?n_kv ?(align = 32) ?(data = "") kvs
    infos =
  let nt = Option.value n_tensors ~default:(List.length infos) in
  let nk = Option.value n_kv ~default:(List.length kvs) in
  let head = magic ^ version ^ le64 nt ^ le64 nk ^ String.concat "" kvs ^ String.concat "" infos in
  head ^ String.make ((align - (String.length head mod align)) mod align) '\000' ^ data

let name_kv = kv "general.name" 8 (str "tiny")
let f32 = 0 (* ggml's F32 *)

(* The valid file the cases edit. *)
let good ?(kvs = [ name_kv ]) ?(infos = [ info "w" [ 8 ] f32 0 ]) ?(data = String.make 32 '\001')
    ?align () =
  file ?align ~data kvs infos

(* good with the tensor count's bytes [c]. *)
let tensor_count c = let s = good () in String.sub s 0 8 ^ c ^ String.sub s 16 (String.length s - 16)

let alignment_kv ty v = kv "general.alignment" ty v

(* Arrays nested [d] deep: the outer array, then one inside each. *)
let nested d =
  let rec go d = if d = 1 then le32 0 ^ le64 0 else le32 9 ^ le64 1 ^ go (d - 1) in
  kv "k" 9 (go d)

let cases =
  [ ("good", "the valid file", good (), None);
    ("bad_magic", "magic GGUG", file ~magic:"GGUG" [] [], Some "not a GGUF file (no GGUF magic)");
    ("short_magic", "the bytes GGU", "GGU", Some "not a GGUF file");
    ("version_1", "version 1", file ~version:(le32 1) [] [], Some "GGUF version 1: versions 2 and 3");
    ("version_4", "version 4", file ~version:(le32 4) [] [], Some "GGUF version 4: versions 2 and 3");
    ("version_big_endian", "version 3 written big-endian (00 00 00 03)",
      file ~version:"\000\000\000\003" [] [], Some "a big-endian GGUF file (version 3");
    ("header_cut", "magic and version only", "GGUF" ^ le32 3,
      Some "the header at byte 0 runs past the end of the file (8 bytes)");
    ("tensor_count_past_end", "good's tensor count 1000",
      tensor_count (le64 1000),
      Some "the tensor count 1000 at byte 8: more than the");
    ("tensor_count_2^62", "good's tensor count 2^62",
      tensor_count (le64 (1 lsl 62)),
      Some "the tensor count 4611686018427387904 at byte 8");
    ("tensor_count_2^64-1", "good's tensor count 2^64 - 1",
      tensor_count (le64L (-1L)),
      Some "the tensor count 18446744073709551615 at byte 8");
    ("metadata_count_past_end", "good's metadata count 1000", file ~n_kv:1000 [ name_kv ] [],
      Some "the metadata count 1000 at byte 16: more than the");
    ("metadata_count_2^62", "good's metadata count 2^62", file ~n_kv:(1 lsl 62) [ name_kv ] [],
      Some "the metadata count 4611686018427387904 at byte 16");
    ("key_length_past_end", "a key's length 100, 5 bytes follow",
      file ~n_kv:1 [ le64 100 ^ "abcde" ] [], Some "a metadata key's length 100 at byte 24");
    ("key_length_2^62", "a key's length 2^62", file ~n_kv:1 [ le64 (1 lsl 62) ^ "abcde" ] [],
      Some "a metadata key's length 4611686018427387904 at byte 24");
    ("value_length_past_end", "a string value's length 2^50",
      file [ kv "k" 8 (le64 (1 lsl 50) ^ "abc") ] [], Some "key \"k\"'s length 1125899906842624");
    ("tensor_name_length_past_end", "a tensor name's length 1000",
      file ~n_tensors:1 [] [ le64 1000 ^ "w" ], Some "a tensor name's length 1000 at byte 24");
    ("array_length_past_end", "an array of 2^50 u32", file [ kv "k" 9 (le32 4 ^ le64 (1 lsl 50)) ] [],
      Some "key \"k\"'s length 1125899906842624");
    ("key_not_utf8", "key \\xff", file [ kv "\xff" 0 "\001" ] [], Some "a metadata key at byte 32 is not UTF-8");
    ("key_overlong_utf8", "key \\xc0\\x80", file [ kv "\xc0\x80" 0 "\001" ] [],
      Some "a metadata key at byte 32 is not UTF-8");
    ("value_not_utf8", "general.name \\xfe",
      file [ kv "general.name" 8 (str "\xfe") ] [], Some "key \"general.name\" at byte 56 is not UTF-8");
    ("array_string_not_utf8", "an array of strings, its second \\xff",
      file [ kv "k" 9 (le32 8 ^ le64 2 ^ str "a" ^ str "\xff") ] [], Some "key \"k\"[1] at byte");
    ("tensor_name_not_utf8", "tensor name \\xff", good ~infos:[ info "\xff" [ 8 ] f32 0 ] (),
      Some "a tensor name at byte 68 is not UTF-8");
    ("arrays_64_deep", "arrays nested 64 deep (the bound)", file [ nested 64 ] [], None);
    ("arrays_65_deep", "arrays nested 65 deep", file [ nested 65 ] [],
      Some "arrays nested more than 64 deep");
    ("arrays_1000_deep", "arrays nested 1000 deep", file [ nested 1000 ] [],
      Some "arrays nested more than 64 deep");
    ("value_type_13", "a key of value type 13", file [ kv "k" 13 "" ] [],
      Some "key \"k\"'s type at byte 33: unknown value type 13");
    ("value_type_2^32-1", "a key of value type 2^32 - 1", file [ kv "k" 0xffffffff "" ] [],
      Some "unknown value type 4294967295");
    ("array_element_type_13", "an array of element type 13", file [ kv "k" 9 (le32 13 ^ le64 0) ] [],
      Some "key \"k\"'s element type at byte 37: unknown value type 13");
    ("bool_2", "a bool byte 2", file [ kv "k" 7 "\002" ] [], Some "key \"k\" at byte 37: a bool of 2");
    ("bool_255_in_array", "a bool array [1; 255]", file [ kv "k" 9 (le32 7 ^ le64 2 ^ "\001\255") ] [],
      Some "key \"k\"[1] at byte 50: a bool of 255");
    ("five_dimensions", "w of ne [8;1;1;1;1]", good ~infos:[ info "w" [ 8; 1; 1; 1; 1 ] f32 0 ] (),
      Some "tensor \"w\" has 5 dimensions: GGUF has at most 4");
    ("dimension_count_2^32-1", "w of 2^32 - 1 dimensions",
      file ~n_tensors:1 [] [ str "w" ^ le32 0xffffffff ], Some "has 4294967295 dimensions");
    ("zero_dimension", "w of ne [8;0], no bytes (read: an empty tensor, as gguf-py reads it)",
      good ~infos:[ info "w" [ 8; 0 ] f32 0 ] (), None);
    ("zero_row", "w of ne [0], no bytes", good ~infos:[ info "w" [ 0 ] f32 0 ] (), None);
    ("dimension_2^63", "w of ne [2^63]", good ~infos:[ info_big "w" (le64L Int64.min_int) 0 ] (),
      Some "tensor \"w\": dimension 0 is 9223372036854775808, more than an int holds");
    ("dimension_2^64-1", "w of ne [8; 2^64 - 1]", good ~infos:[ info_big "w" (le64 8 ^ le64L (-1L)) 0 ] (),
      Some "tensor \"w\": dimension 1 is 18446744073709551615, more than an int holds");
    ("size_overflows", "w of ne [2^40; 2^40]", good ~infos:[ info "w" [ 1 lsl 40; 1 lsl 40 ] f32 0 ] (),
      Some "tensor \"w\": its size overflows");
    ("size_overflows_4d", "w of ne [2^16; 2^16; 2^16; 2^16]",
      good ~infos:[ info "w" [ 1 lsl 16; 1 lsl 16; 1 lsl 16; 1 lsl 16 ] f32 0 ] (),
      Some "tensor \"w\": its size overflows");
    ("ggml_type_4", "w of the retired ggml type 4", good ~infos:[ info "w" [ 32 ] 4 0 ] (),
      Some "tensor \"w\": unknown ggml type 4");
    ("ggml_type_99", "w of ggml type 99", good ~infos:[ info "w" [ 32 ] 99 0 ] (),
      Some "tensor \"w\": unknown ggml type 99");
    ("q8_0_row_31", "w, Q8_0, of a row of 31", good ~infos:[ info "w" [ 31 ] 8 0 ] (),
      Some "its rows of 31 values are not whole Q8_0 blocks of 32");
    ("alignment_0", "general.alignment 0", file [ alignment_kv 4 (le32 0) ] [],
      Some "general.alignment 0 is not a power of two of 8 or more");
    ("alignment_12", "general.alignment 12", file [ alignment_kv 4 (le32 12) ] [],
      Some "general.alignment 12 is not a power of two of 8 or more");
    ("alignment_24", "general.alignment 24 (a multiple of 8)", file [ alignment_kv 4 (le32 24) ] [],
      Some "general.alignment 24 is not a power of two of 8 or more");
    ("alignment_4", "general.alignment 4 (a power of two, not a multiple of 8)",
      good ~align:4 ~kvs:[ alignment_kv 4 (le32 4) ] (), Some "general.alignment 4 is not a power of two of 8 or more");
    ("alignment_1", "general.alignment 1", good ~align:1 ~kvs:[ alignment_kv 4 (le32 1) ] (), Some "general.alignment 1 is not");
    ("alignment_8", "general.alignment 8 (read)", good ~align:8 ~kvs:[ alignment_kv 4 (le32 8) ] (), None);
    ("alignment_u64", "general.alignment a u64 32", file [ alignment_kv 10 (le64 32) ] [],
      Some "general.alignment is not a u32");
    ("alignment_i32", "general.alignment an i32 32", file [ alignment_kv 5 (le32 32) ] [],
      Some "general.alignment is not a u32");
    ("alignment_string", "general.alignment a string", file [ alignment_kv 8 (str "32") ] [],
      Some "general.alignment is not a u32");
    ("offset_misaligned", "w at offset 8", good ~infos:[ info "w" [ 8 ] f32 8 ] ~data:(String.make 64 '\000') (),
      Some "tensor \"w\": offset 8 is not a multiple of the alignment, 32");
    ("offset_2^63", "w at offset 2^63", good ~infos:[ info_off "w" (le64L Int64.min_int) ] (),
      Some "tensor \"w\": offset 9223372036854775808 runs past the end of the file (128 bytes)");
    ("offset_past_end", "w at offset 64, 32 bytes of data", good ~infos:[ info "w" [ 8 ] f32 64 ] (),
      Some "tensor \"w\": its 32 bytes at");
    ("offset_2^62", "w at offset 2^62", good ~infos:[ info "w" [ 8 ] f32 (1 lsl 62) ] (),
      Some "tensor \"w\": offset 4611686018427387904 runs past the end of the file");
    ("overlap", "a (16 values) at 0, b at 32, in 64 bytes",
      good ~infos:[ info "a" [ 16 ] f32 0; info "b" [ 8 ] f32 32 ] ~data:(String.make 64 '\000') (),
      Some "tensor \"b\": its bytes at 160 overlap tensor \"a\"'s, at 128 to 192");
    ("overlap_listed_first", "b at 32 listed before a (16 values) at 0",
      good ~infos:[ info "b" [ 8 ] f32 32; info "a" [ 16 ] f32 0 ] ~data:(String.make 64 '\000') (),
      Some "tensor \"b\": its bytes at 160 overlap tensor \"a\"'s");
    ("same_offset", "a and b both at 0", good ~infos:[ info "a" [ 8 ] f32 0; info "b" [ 8 ] f32 0 ] (),
      Some "overlap tensor");
    ("empty_at_same_offset", "a of no values and b both at 0 (read: no bytes shared)",
      good ~infos:[ info "a" [ 0 ] f32 0; info "b" [ 8 ] f32 0 ] (), None);
    ("tensor_twice", "w twice, at 0 and 32",
      good ~infos:[ info "w" [ 8 ] f32 0; info "w" [ 8 ] f32 32 ] ~data:(String.make 64 '\000') (),
      Some "tensor \"w\" at byte 93 appears twice");
    ("key_twice", "general.name twice", file [ name_kv; name_kv ] [],
      Some "metadata key \"general.name\" at byte 60 appears twice");
    ("data_short", "w of 8 F32 with 31 bytes of data", good ~data:(String.make 31 '\000') (),
      Some "tensor \"w\": its 32 bytes at 96 run past the end of the file (127 bytes)");
    ("data_none", "w of 8 F32, the file ending after the infos",
      String.sub (good ()) 0 (String.length (good ()) - 32), Some "run past the end of the file");
  ]

let contains s sub =
  let n = String.length sub in
  let rec go i = i + n <= String.length s && (String.sub s i n = sub || go (i + 1)) in
  go 0

let test_case path (name, how, bytes, expected) =
  let verdict what read =
    match read () with
    | exception e -> check false "%s (%s): %s raised %s" name how what (Printexc.to_string e); None
    | Ok _ ->
        check (expected = None) "%s (%s): %s read it" name how what; Some None
    | Error m -> (
        match expected with
        | None -> check false "%s (%s): %s refused it: %s" name how what m; Some (Some m)
        | Some frag ->
            check (contains m frag) "%s (%s): %s: %S does not say %S" name how what m frag;
            Some (Some m))
  in
  let s = verdict "of_string" (fun () -> G.of_string bytes) in
  Out_channel.with_open_bin path (fun oc -> output_string oc bytes);
  List.iter
    (fun (what, read) ->
      match verdict what (fun () -> read path) with
      | Some (Some m) ->
          check (String.starts_with ~prefix:(path ^ ": ") m) "%s: %s's %S does not start with the path"
            name what m;
          check (Some (Some (String.sub m (String.length path + 2) (String.length m - String.length path - 2))) = s)
            "%s: %s's message is not of_string's" name what
      | _ -> ())
    [ ("map_file", G.map_file); ("read_file", G.read_file) ]

(* The catalogue of malformed split models: each case a set of files (a
   model of three shards, m-00001-of-00003.gguf to m-00003-of-00003.gguf,
   of tensors a, b, c, with one edit), the file opened by Model.open_,
   and the fragment its error holds, or [None] for a model read. Each is
   opened mapped and read; its errors start with the path of one of its
   files. *)
let u16 n = G.Int (G.U16, n)
let shard_name ?(prefix = "m") no count = G.split_path prefix ~no ~count

(* Shard [no] of [count]: its split keys (given, or right), its
   tensors. *)
let shard ?(no_key = fun no -> Some ("split.no", u16 no)) ?(count_key = fun c -> Some ("split.count", u16 c))
    ?(tensors_key = Some ("split.tensors.count", G.Int (G.I32, 3))) ?(extra = []) ~no ~count names =
  let keys =
    (if no = 0 then [ ("general.architecture", G.String "test") ] else [])
    @ List.filter_map Fun.id [ no_key no; count_key count; tensors_key ]
    @ extra
  in
  let t = G.Tensor (of_array Dtype.Float32 [| 2 |] [| 1.; 2. |]) in
  G.to_string ~metadata:keys (List.map (fun n -> (n, t)) names)

let good_model () =
  List.mapi (fun no names -> (shard_name no 3, shard ~no ~count:3 names)) [ [ "a" ]; [ "b" ]; [ "c" ] ]

let replace name bytes files = List.map (fun (n, b) -> if n = name then (n, bytes) else (n, b)) files

let split_cases =
  let m = good_model () in
  let s1 = shard_name 0 3 and s2 = shard_name 1 3 and s3 = shard_name 2 3 in
  [ ("good", "three shards, opened from the first", m, s1, None);
    ("from_second", "opened from the second", m, s2, None);
    ("from_last", "opened from the last", m, s3, None);
    ("missing_shard", "the second shard missing", List.filter (fun (n, _) -> n <> s2) m, s1,
      Some (s2 ^ ": No such file or directory (shard 2 of 3 of " ^ s1 ^ ")"));
    ("missing_first", "the first shard missing, opened from the last",
      List.filter (fun (n, _) -> n <> s1) m, s3, Some (s1 ^ ": No such file or directory (shard 1 of 3"));
    ("split_no_out_of_range", "the first shard's split.no 3 of 3",
      replace s1 (shard ~no_key:(fun _ -> Some ("split.no", u16 3)) ~no:0 ~count:3 [ "a" ]) m, s1,
      Some (s1 ^ ": split.no 3 is not below split.count 3"));
    ("split_no_wrong", "the second shard's split.no 0",
      replace s2 (shard ~no_key:(fun _ -> Some ("split.no", u16 0)) ~no:1 ~count:3 [ "b" ]) m, s1,
      Some (s2 ^ ": split.no is 0, where its name says shard 2 of 3"));
    ("split_no_missing", "the first shard without split.no",
      replace s1 (shard ~no_key:(fun _ -> None) ~no:0 ~count:3 [ "a" ]) m, s1,
      Some (s1 ^ ": split.count is 3, and it has no split.no"));
    ("split_no_u32", "split.no a u32",
      replace s1 (shard ~no_key:(fun _ -> Some ("split.no", G.Int (G.U32, 0))) ~no:0 ~count:3 [ "a" ]) m, s1,
      Some (s1 ^ ": split.no is not a u16"));
    ("split_count_i32", "split.count an i32",
      replace s1 (shard ~count_key:(fun _ -> Some ("split.count", G.Int (G.I32, 3))) ~no:0 ~count:3 [ "a" ]) m, s1,
      Some (s1 ^ ": split.count is not a u16"));
    ("tensors_count_u32", "split.tensors.count a u32",
      replace s1 (shard ~tensors_key:(Some ("split.tensors.count", G.Int (G.U32, 3))) ~no:0 ~count:3 [ "a" ]) m, s1,
      Some (s1 ^ ": split.tensors.count is not an i32"));
    ("another_model", "the third shard's split.count 4 (a shard of another model)",
      replace s3 (shard ~no:2 ~count:4 [ "c" ]) m, s1,
      Some (s3 ^ ": split.count is 4, where " ^ s1 ^ " has 3: a shard of another model"));
    ("not_a_shard", "the third a file of no split keys",
      replace s3 (shard ~no_key:(fun _ -> None) ~count_key:(fun _ -> None) ~tensors_key:None ~no:2 ~count:3 [ "c" ]) m, s1,
      Some (s3 ^ ": no split.count above 1: not a shard of " ^ s1));
    ("misnamed", "the first shard named m.gguf", [ ("m.gguf", List.assoc s1 m) ], "m.gguf",
      Some "m.gguf: shard 1 of 3 (split.no 0), and not named PREFIX-00001-of-00003.gguf");
    ("misnumbered_name", "the second shard's bytes named as the first",
      [ (s1, List.assoc s2 m) ], s1, Some (s1 ^ ": shard 2 of 3 (split.no 1), and not named PREFIX-00002-of-00003.gguf"));
    ("duplicate_tensor", "b in the second and third shards",
      replace s3 (shard ~no:2 ~count:3 [ "b" ]) m, s1, Some (s3 ^ ": tensor \"b\" is also in " ^ s2));
    ("tensors_count_wrong", "split.tensors.count 4 in every shard",
      List.mapi (fun no names ->
          (shard_name no 3, shard ~tensors_key:(Some ("split.tensors.count", G.Int (G.I32, 4))) ~no ~count:3 names))
        [ [ "a" ]; [ "b" ]; [ "c" ] ], s1,
      Some (s1 ^ ": split.tensors.count is 4, and the 3 shards hold 3 tensors"));
    ("tensors_count_wrong_later", "the third shard's split.tensors.count 2",
      replace s3 (shard ~tensors_key:(Some ("split.tensors.count", G.Int (G.I32, 2))) ~no:2 ~count:3 [ "c" ]) m, s1,
      Some (s3 ^ ": split.tensors.count is 2"));
    ("tensors_count_absent", "no split.tensors.count (read)",
      List.mapi (fun no names -> (shard_name no 3, shard ~tensors_key:None ~no ~count:3 names))
        [ [ "a" ]; [ "b" ]; [ "c" ] ], s1, None);
    ("count_1", "split.count 1, split.no 0: a file of one (read)",
      [ ("one.gguf", shard ~no:0 ~count:1 ~tensors_key:None [ "a" ]) ], "one.gguf", None);
    ("count_0", "split.count 0, as gguf-split's merge leaves it (read)",
      [ ("zero.gguf", shard ~no:0 ~count:0 ~tensors_key:None [ "a" ]) ], "zero.gguf", None);
    ("shard_malformed", "the second shard cut short",
      replace s2 (String.sub (List.assoc s2 m) 0 40) m, s1, Some (s2 ^ ": "));
  ]

let test_split_case dir (name, how, files, opened, expected) =
  let paths = List.map (fun (f, b) ->
      let p = Filename.concat dir f in
      Out_channel.with_open_bin p (fun oc -> output_string oc b);
      p) files
  in
  let opened = Filename.concat dir opened in
  (* The message without the directory, to hold the fragment. *)
  let bare msg =
    let d = dir ^ "/" in
    let b = Buffer.create (String.length msg) in
    let rec go i =
      if i < String.length msg then
        if i + String.length d <= String.length msg && String.sub msg i (String.length d) = d then
          go (i + String.length d)
        else (Buffer.add_char b msg.[i]; go (i + 1))
    in
    go 0;
    Buffer.contents b
  in
  List.iter
    (fun read ->
      match G.Model.open_ ~read opened with
      | exception e -> check false "%s (%s): raised %s" name how (Printexc.to_string e)
      | Ok m ->
          check (expected = None) "%s (%s): read" name how;
          check (List.length (G.Model.tensors m) = (if List.length files = 1 then 1 else 3))
            "%s: %d tensors" name (List.length (G.Model.tensors m))
      | Error msg -> (
          check (List.exists (fun p -> String.starts_with ~prefix:(p ^ ": ") msg) paths
                 || String.starts_with ~prefix:dir msg)
            "%s: %S does not start with a file's path" name msg;
          match expected with
          | None -> check false "%s (%s): refused: %s" name how msg
          | Some frag -> check (contains (bare msg) frag) "%s (%s): %S does not say %S" name how msg frag))
    [ false; true ];
  List.iter Sys.remove paths

let () =
  let path = Filename.temp_file "malformed" ".gguf" in
  List.iter (test_case path) cases;
  Sys.remove path;
  let dir = Filename.temp_dir "malformed" "split" in
  List.iter (test_split_case dir) split_cases;
  Unix.rmdir dir;
  Check.finish "gguf malformed"
