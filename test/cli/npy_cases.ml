(* The .npy files of a cases file written by gen_npy_cases.py, each with
   numpy's verdict: nx-dtype convert reads what numpy reads, to the same
   elements, and refuses what numpy refuses, with a message naming the file
   and no output file; Nx_array.Npy.header_of_prefix agrees. Every case is converted by
   Convert_cmd in this process, and every [sample]th one by the nx-dtype
   program too (a program takes milliseconds to start), which must also
   exit with code 2 and "nx-dtype: " before the message.

   Usage: npy_cases.exe NX_DTYPE CASES-FILE [SAMPLE] *)

open Nx_cli

type case = { name : string; verdict : string; dtype : string; file : string; elements : string }

(* The file field: bytes, "\xHH" escapes, and "\*N;" and "\=N;": the
   byte, or the two bytes, before repeated N more times. *)
let unescape s =
  let b = Buffer.create (String.length s) in
  let rec go i =
    if i < String.length s then
      if s.[i] <> '\\' then (Buffer.add_char b s.[i]; go (i + 1))
      else if s.[i + 1] = 'x' then begin
        Buffer.add_char b (Char.chr (int_of_string ("0x" ^ String.sub s (i + 2) 2)));
        go (i + 4)
      end
      else
        let j = String.index_from s i ';' in
        let n = int_of_string (String.sub s (i + 2) (j - i - 2)) in
        let unit = if s.[i + 1] = '*' then 1 else 2 in
        let last = Buffer.sub b (Buffer.length b - unit) unit in
        for _ = 1 to n do Buffer.add_string b last done;
        go (j + 1)
  in
  go 0;
  Buffer.contents b

let of_hex h =
  let byte i = Char.chr (int_of_string ("0x" ^ String.sub h (2 * i) 2)) in
  String.init (String.length h / 2) byte

let read_cases path =
  In_channel.with_open_bin path In_channel.input_all
  |> String.split_on_char '\n'
  |> List.filter (fun l -> l <> "" && l.[0] <> '#')
  |> List.map (fun l ->
         match String.split_on_char '\t' l with
         | [ name; verdict; dtype; file; elements ] ->
             let file = unescape file and elements = of_hex elements in
             { name = unescape name; verdict; dtype; file; elements }
         | _ -> failwith ("npy_cases: bad line: " ^ l))

let write_file path s = Out_channel.with_open_bin path (fun oc -> output_string oc s)
let read_file path = In_channel.with_open_bin path In_channel.input_all

let args c = [ "convert"; "--from"; c.dtype; "--to"; c.dtype; "case.npy"; "out.raw" ]

let fresh c =
  write_file "case.npy" c.file;
  if Sys.file_exists "out.raw" then Sys.remove "out.raw"

(* The nx-dtype program on [c]'s file: its exit code and its stderr. *)
let run_program nx c =
  fresh c;
  let err = Unix.openfile "stderr.txt" Unix.[ O_WRONLY; O_CREAT; O_TRUNC ] 0o644 in
  let null = Unix.openfile "/dev/null" Unix.[ O_RDWR ] 0 in
  let pid = Unix.create_process nx (Array.of_list (nx :: args c)) null null err in
  Unix.close err;
  Unix.close null;
  let code = match snd (Unix.waitpid [] pid) with Unix.WEXITED n -> n | _ -> -1 in
  (code, read_file "stderr.txt")

(* Convert_cmd on [c]'s file, as the program's main runs it. *)
let run_here c =
  fresh c;
  match Convert_cmd.run (List.tl (args c)) with
  | () -> (0, "")
  | exception (Cli_error.Usage m | Cli_error.Failed m) -> (2, "nx-dtype: " ^ m ^ "\n")
  | exception e -> (-1, "uncaught " ^ Printexc.to_string e)

(* Whether Nx_array.Npy reads [c]'s file: header, element type and
   elements. *)
let npy_reads c =
  let open Nx_array in
  match Npy.header_of_prefix (String.sub c.file 0 (min (String.length c.file) Npy.prefix_bytes)) with
  | Error _ -> false
  | Ok (h, offset) -> (
      match Dtype.of_name c.dtype with
      | None -> false
      | Some (Dtype.Any dt) -> (
          Npy.descr_reads dt h.descr <> None
          &&
          match Npy.data_bytes h ~size:(max 1 (Dtype.bits dt / 8)) with
          | Ok n -> n <= String.length c.file - offset
          | Error _ -> false))

let hex s =
  String.to_seq s |> List.of_seq |> List.map (fun c -> Printf.sprintf "%02x" (Char.code c))
  |> String.concat ""

(* A failure: its kind, for the tally, and what happened. *)
let check run c =
  let code, err = run c in
  let reads = npy_reads c in
  let problem =
    match c.verdict with
    | "read" ->
        if code <> 0 then Some (Printf.sprintf "exit %d, numpy reads it" code, String.trim err)
        else if not reads then Some ("Nx_array.Npy refuses it, numpy reads it", "")
        else
          let got = read_file "out.raw" in
          if got <> c.elements then
            Some ("other elements", Printf.sprintf "%s, numpy's %s" (hex got) (hex c.elements))
          else None
    | _ ->
        let expected =
          if c.verdict = "refuse" then "numpy refuses it" else "nx-dtype refuses it by design"
        in
        if code <> 2 then Some (Printf.sprintf "exit %d, %s" code expected, String.trim err)
        else if
          List.exists (fun prefix -> String.starts_with ~prefix err) [ "Fatal error"; "uncaught" ]
        then Some ("an uncaught exception", String.trim err)
        else if reads && c.verdict = "refuse" then Some ("Nx_array.Npy reads it, " ^ expected, "")
        else if Sys.file_exists "out.raw" then Some ("an output file left", String.trim err)
        else if not (String.starts_with ~prefix:"nx-dtype: case.npy" err
                     || String.starts_with ~prefix:"nx-dtype: cannot read case.npy" err)
        then Some ("a message not naming the file", String.trim err)
        else None
  in
  Option.map
    (fun (kind, what) ->
      (kind, Printf.sprintf "%s (%s, %s): %s: %s" c.name c.verdict c.dtype kind what))
    problem

let () =
  let nx = Sys.argv.(1) in
  let nx = if Filename.is_relative nx then Filename.concat (Sys.getcwd ()) nx else nx in
  let cases = read_cases Sys.argv.(2) in
  let sample = if Array.length Sys.argv > 3 then int_of_string Sys.argv.(3) else 1 in
  (* A tmpfs if there is one: each file read is synced to disk. *)
  let dir =
    try Filename.temp_dir ~temp_dir:"/dev/shm" "npy_cases" ""
    with Sys_error _ -> Filename.temp_dir "npy_cases" ""
  in
  Sys.chdir dir;
  let failures =
    List.concat
      (List.mapi
         (fun i c ->
           let program = if i mod sample = 0 then check (run_program nx) c else None in
           Option.to_list (check run_here c) @ Option.to_list program)
         cases)
  in
  List.iteri (fun i (_, f) -> if i < 30 then print_endline f) failures;
  let kinds = List.sort_uniq compare (List.map fst failures) in
  List.iter
    (fun k ->
      let n = List.length (List.filter (fun (k', _) -> k' = k) failures) in
      Printf.printf "npy_cases: %d failures: %s\n" n k)
    kinds;
  List.iter Sys.remove [ "case.npy"; "stderr.txt" ];
  if Sys.file_exists "out.raw" then Sys.remove "out.raw";
  Sys.rmdir dir;
  let checks = List.length cases + ((List.length cases + sample - 1) / sample) in
  Printf.printf "npy_cases: %d passed, %d failed\n" (checks - List.length failures)
    (List.length failures);
  if failures <> [] then exit 1
